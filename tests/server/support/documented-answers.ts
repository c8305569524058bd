import type { RouterRoute } from 'hono/types'
import * as v from 'valibot'
import { listEndpoints, type Endpoint } from '../../../server/http/endpoint'
import { buildOpenApiDocument, type Operation } from '../../../server/http/openapi'

type Found = { endpoint: Endpoint; operation: Operation }

/** The message schema of a documented answer: one `const`, or an `enum` of the possible ones. */
function documentedMessages(operation: Operation, status: number): readonly unknown[] | null {
  const schema = operation.responses[String(status)]?.content['application/json'].schema
  const message = schema?.properties?.message
  if (typeof message !== 'object') return null
  if ('const' in message) return [message.const]
  return message.enum ?? null
}

/**
 * Checks every answer a test receives against the app's own OpenAPI document: its status must be
 * one the endpoint documents, with one of the messages documented for it, and a success must
 * carry `data` of the declared response schema. So every server test is also a test of
 * docs/api.md, and an endpoint cannot answer something its reference does not say.
 */
export function documentedAnswers(routes: readonly RouterRoute[]) {
  const document = buildOpenApiDocument(routes)
  const matchers = listEndpoints(routes).map((endpoint) => {
    const pattern = endpoint.path
      .split('/')
      .map((segment) =>
        segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/')
    return { endpoint, pattern: new RegExp(`^${pattern}$`) }
  })

  function find(method: string, pathname: string): Found | null {
    const match = matchers.find(
      ({ endpoint, pattern }) => endpoint.method === method && pattern.test(pathname),
    )
    if (!match) return null
    const operation = document.paths[match.endpoint.openApiPath]?.[method.toLowerCase()]
    if (!operation) throw new Error(`${method} ${match.endpoint.openApiPath} is not documented`)
    return { endpoint: match.endpoint, operation }
  }

  /** Throws, naming the endpoint, when the answer is not what the document says it can be. */
  function check(method: string, url: string, status: number, body: unknown): void {
    const found = find(method, new URL(url).pathname)
    if (!found || body === null) return
    const { endpoint, operation } = found
    const where = `${method} ${endpoint.openApiPath}`
    if (!operation.responses[String(status)]) {
      throw new Error(`${where} answered ${status}, which docs/api.md does not list for it`)
    }
    const success = status === (endpoint.spec.status ?? 200)
    if (success && endpoint.spec.envelope === false) {
      v.parse(endpoint.spec.response, body)
      return
    }
    const envelope = body as { status: unknown; message: unknown; data: unknown }
    if (envelope.status !== status) {
      throw new Error(`${where}: body status ${String(envelope.status)} on an HTTP ${status}`)
    }
    const messages = documentedMessages(operation, status)
    if (!messages?.includes(envelope.message)) {
      throw new Error(
        `${where} answered ${status} '${String(envelope.message)}', not a message docs/api.md lists for ${status}`,
      )
    }
    if (success) {
      const result = v.safeParse(endpoint.spec.response, envelope.data)
      if (!result.success) {
        throw new Error(
          `${where}: data does not match its declared response schema: ${result.issues
            .map((issue) => `${v.getDotPath(issue) ?? '(data)'}: ${issue.message}`)
            .join('; ')}`,
        )
      }
    }
  }

  return { document, find, check }
}

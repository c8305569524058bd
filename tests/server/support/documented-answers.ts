import type { JsonSchema } from '@valibot/to-json-schema'
import type { RouterRoute } from 'hono/types'
import * as v from 'valibot'
import { listEndpoints, type Endpoint } from '../../../server/http/endpoint'
import type { OpenApiDocument, Operation } from '../../../server/http/openapi'

type Found = { endpoint: Endpoint; operation: Operation }

/** The message schema of a documented answer: one `const`, or an `enum` of the possible ones. */
function documentedMessages(operation: Operation, status: number): readonly unknown[] | null {
  const schema = operation.responses[String(status)]?.content['application/json']?.schema
  const message = schema?.properties?.message
  if (typeof message !== 'object') return null
  if ('const' in message) return [message.const]
  return message.enum ?? null
}

/**
 * Keys of `value` its JSON Schema does not name: a handler that hands back a whole row (a password
 * hash, say) passes a valibot check, which ignores extra keys, and TypeScript, which allows them.
 */
function undocumentedKeys(value: unknown, schema: unknown, path: string): string[] {
  if (typeof schema !== 'object' || schema === null) return []
  const { properties, items, anyOf } = schema as JsonSchema
  if (anyOf) {
    const candidates = anyOf.map((option) => undocumentedKeys(value, option, path))
    return candidates.find((keys) => keys.length === 0) ?? candidates[0] ?? []
  }
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => undocumentedKeys(item, items, `${path}[${index}]`))
  }
  if (typeof value !== 'object' || value === null || !properties) return []
  return Object.entries(value).flatMap(([key, child]) =>
    key in properties
      ? undocumentedKeys(child, properties[key], `${path}.${key}`)
      : [`${path}.${key}`],
  )
}

/**
 * Checks every answer a test receives against the app's own OpenAPI document, as served: its
 * status must be one the endpoint documents, with one of the messages documented for it, and a
 * success must carry `data` of the declared response schema. So every server test is also a test
 * of docs/api.md, and an endpoint cannot answer something its reference does not say.
 */
export function documentedAnswers(routes: readonly RouterRoute[], document: OpenApiDocument) {
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
    // The app answers a path with and without a trailing slash (server/app.ts).
    const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname
    const match = matchers.find(
      ({ endpoint, pattern }) => endpoint.method === method && pattern.test(path),
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
      const dataSchema =
        operation.responses[String(status)]?.content['application/json']?.schema.properties?.data
      const extra = undocumentedKeys(envelope.data, dataSchema, 'data')
      if (extra.length > 0) {
        throw new Error(`${where} answered fields its document does not list: ${extra.join(', ')}`)
      }
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

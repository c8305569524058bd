import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiMessages } from '../../contract/messages'
import { listEndpoints, type Endpoint } from '../../server/http/endpoint'
import { startTestServer, type TestServer } from './support/test-server'

/**
 * The product specification's call list (section 7, copied word for word into the fixture) walked
 * against the app: each call, spelled as the spec spells it, must reach an endpoint with that
 * method and path. A renamed or removed path fails here, and so does one the app only answers
 * without the spec's trailing slash (`POST /api/wallet/`).
 */
const specification = readFileSync(new URL('fixtures/spec-calls.md', import.meta.url), 'utf8')

type SpecCall = { line: string; method: string; path: string }

const METHOD = /\b(GET|POST|PATCH|PUT|DELETE)\b/g
// A path runs until a query, a space or the punctuation that ends the sentence.
const PATH = /\/api\/[\w/{}]*/g

/** Every call of the list: one per method and path of each line ("POST and GET /api/x", "a, b"). */
function specCalls(text: string): SpecCall[] {
  const lines = text.split('\n').filter((line) => line.startsWith('- '))
  return lines.flatMap((line) => {
    const methods = [...line.matchAll(METHOD)].map((match) => match[1] ?? '')
    const paths = [...line.matchAll(PATH)].map((match) => match[0])
    if (methods.length === 0 || paths.length === 0) {
      throw new Error(`The call list has a line without a method or a path: ${line}`)
    }
    return methods.flatMap((method) => paths.map((path) => ({ line, method, path })))
  })
}

/** A path compared by shape: parameters (`{id}`, `:id`) alike, the trailing slash dropped. */
function shapeOf(path: string): string {
  return path.replace(/\{\w+\}|:\w+/g, '{}').replace(/(.)\/$/, '$1')
}

let server: TestServer
let endpoints: Endpoint[]

beforeAll(async () => {
  server = await startTestServer()
  endpoints = listEndpoints(server.app.routes)
})

afterAll(async () => {
  await server.close()
})

const calls = specCalls(specification)

describe("the specification's call list", () => {
  it('is read whole: every call of section 7', () => {
    // 93 lines of calls; "POST and GET /api/mission/account" is two, the coupon line four.
    expect(calls).toHaveLength(97)
    expect(calls).toContainEqual(expect.objectContaining({ method: 'POST', path: '/api/wallet/' }))
  })

  it.each(calls.map((call) => [`${call.method} ${call.path}`, call] as const))(
    '%s reaches its endpoint, spelled as the spec spells it',
    async (_name, { method, path }) => {
      const endpoint = endpoints.find(
        (candidate) => candidate.method === method && shapeOf(candidate.path) === shapeOf(path),
      )
      expect(endpoint, `no ${method} route has the path ${path}`).toBeDefined()
      if (!endpoint) return

      // The spec's spelling, each parameter given a value, called without a session: a session
      // endpoint answers 401 before reading anything else, a public one answers as it does to
      // the route table's own spelling. The app's not-found answer means no route matched.
      const asSpecified = path.replace(/\{\w+\}/g, '1')
      const asRouted = endpoint.path.replace(/:\w+/g, '1')
      const upload = endpoint.spec.upload?.types[0]
      const options =
        method === 'GET'
          ? { method }
          : upload
            ? { method, body: new Uint8Array(), headers: { 'content-type': upload } }
            : { method, body: {} }
      const answer = await server.call(asSpecified, options)
      expect(answer.body.message).not.toBe(apiMessages.notFound)
      if (endpoint.spec.auth === 'session') {
        expect([answer.status, answer.body.message]).toEqual([401, apiMessages.sessionEnded])
      } else {
        const routed = await server.call(asRouted, options)
        expect([answer.status, answer.body.message]).toEqual([routed.status, routed.body.message])
      }
    },
  )
})

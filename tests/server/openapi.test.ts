import { readFile } from 'node:fs/promises'
import { Hono } from 'hono'
import { format, resolveConfig } from 'prettier'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defineEndpoint } from '../../contract/endpoint'
import { apiMessages } from '../../contract/messages'
import type { Db } from '../../server/db/client'
import { endpoint, listEndpoints } from '../../server/http/endpoint'
import { idempotent } from '../../server/http/idempotency'
import { reply } from '../../server/http/envelope'
import { buildOpenApiDocument, mediaOf, type OpenApiDocument } from '../../server/http/openapi'
import type { AppEnv } from '../../server/http/request-context'
import { MAX_BODY_BYTES } from '../../server/http/security'
import { renderApiReference } from '../../scripts/lib/api-reference'
import { TERYDOLLAR_RULES } from '../../server/services/rules'
import {
  caseContext,
  caseKey,
  caseOf,
  ENDPOINT_CASES_FILE,
  endpointCases,
  missingCases,
  type SampleCall,
} from '../harness/endpoint-cases'
import { startTestServer, type CallOptions, type TestServer } from './support/test-server'

let server: TestServer
let document: OpenApiDocument

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' })
  document = (await server.call('/api/openapi.json')).body as unknown as OpenApiDocument
})

afterAll(async () => {
  await server.close()
})

type Sample = SampleCall

function operations() {
  return Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      operation,
    })),
  )
}

/** A valid call of a documented endpoint, from its case, by a fresh player. */
async function sampleOf(key: string): Promise<Sample> {
  const [method = '', path = ''] = key.split(' ')
  const endpoint = server.answers.find(method, path.replace(/\{\w+\}/g, 'x'))?.endpoint
  if (!endpoint) throw new Error(`${key} is documented but not routed`)
  const sample = await caseOf(endpoint).sample(
    await caseContext({ api: server.call, db: server.db }),
  )
  return { method, ...sample }
}

describe('the route table and the document', () => {
  it('documents every route of the app with its method and path, and nothing else', () => {
    const routes = server.app.routes
      .filter((route) => route.method !== 'ALL')
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`)
    expect(new Set(operations().map((entry) => entry.key))).toEqual(new Set(routes))
  })

  it(`has a case in ${ENDPOINT_CASES_FILE} for every endpoint, and no case for a route that is gone`, () => {
    const endpoints = listEndpoints(server.app.routes)
    expect(missingCases(endpoints)).toEqual([])
    expect(Object.keys(endpointCases).sort()).toEqual(endpoints.map(caseKey).sort())
  })
})

describe('GET /api/openapi.json', () => {
  it('serves the same OpenAPI 3.1 document at every call, without a session', async () => {
    const again = await server.app.request('http://localhost:3000/api/openapi.json')
    expect(again.status).toBe(200)
    expect(again.headers.get('content-type')).toContain('application/json')
    expect(await again.json()).toEqual(document)
    expect(document).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument(server.app.routes))))
  })

  it('is well formed: unique operation ids, declared tags and schemes, every path parameter', () => {
    expect(document.openapi).toBe('3.1.0')
    expect(document.info.title).toBe('Tery API')
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+$/)
    const tags = new Set(document.tags.map((tag) => tag.name))
    const schemes = new Set(Object.keys(document.components.securitySchemes))
    const ids = new Set<string>()
    for (const { key, path, operation } of operations()) {
      expect(path, key).toMatch(/^\/api\//)
      expect(operation.operationId, key).toMatch(/^[a-z][A-Za-z0-9]*$/)
      expect(ids.has(operation.operationId), `${key}: duplicate operationId`).toBe(false)
      ids.add(operation.operationId)
      expect(operation.summary.length, key).toBeGreaterThan(0)
      for (const tag of operation.tags) expect(tags, key).toContain(tag)
      for (const requirement of operation.security) {
        for (const scheme of Object.keys(requirement)) expect(schemes, key).toContain(scheme)
      }
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1])
      const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path')
      expect(declared.map((parameter) => parameter.name).sort(), key).toEqual(inPath.sort())
      for (const parameter of declared) expect(parameter.required, key).toBe(true)
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(status, key).toMatch(/^[1-5]\d\d$/)
        expect(response.description.length, `${key} ${status}`).toBeGreaterThan(0)
        expect(mediaOf(response).schema, `${key} ${status}`).toBeTypeOf('object')
      }
    }
    // Schemas are inlined, in the document's own dialect: no $ref to resolve, no other $schema.
    const text = JSON.stringify(document)
    expect(text).not.toContain('"$ref"')
    expect(text).not.toContain('"$schema"')
  })

  it('documents the session cookie as the one scheme, on exactly the endpoints that need it', () => {
    expect(document.components.securitySchemes).toEqual({
      session: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'tery_session' }),
    })
    const auth = Object.fromEntries(
      operations().map(({ key, operation }) => [
        key,
        operation.security.length > 0 ? 'session' : 'public',
      ]),
    )
    // A case with `owned` is one of an endpoint that needs a session: the cases are the list.
    expect(auth).toEqual(
      Object.fromEntries(
        Object.entries(endpointCases).map(([key, { owned }]) => [
          key,
          owned === undefined ? 'public' : 'session',
        ]),
      ),
    )
  })
})

describe('every endpoint, walked from the document', () => {
  it("answers 401 'La sesión ha terminado' without a session before reading any input when it needs one, and succeeds without one when public", async () => {
    for (const { key, method, path, operation } of operations()) {
      if (operation.security.length > 0) {
        // Broken input everywhere: the session check must come first anyway. An upload route
        // is sent one of its file types (the request guard refuses any other before the session).
        const fileType = Object.keys(operation.requestBody?.content ?? {}).find(
          (type) => type !== 'application/json',
        )
        const result = await server.call(path.replace(/\{\w+\}/g, '%20'), {
          method,
          ...(method === 'GET' ? {} : { body: '{"roto": ' }),
          ...(fileType ? { headers: { 'content-type': fileType } } : {}),
        })
        expect(result.status, key).toBe(401)
        expect(result.body, key).toEqual({
          status: 401,
          message: apiMessages.sessionEnded,
          data: null,
        })
      } else {
        const sample = await sampleOf(key)
        const result = await server.call(...toCall({ ...sample, cookie: null }))
        expect(result.status, key).toBeLessThan(300)
      }
    }
  })

  /** How to provoke each common answer on an endpoint, from a valid call of it. */
  const provoke: Record<string, (sample: Sample) => Sample> = {
    MalformedJson: (sample) => ({ ...sample, body: '{"roto": ' }),
    TooLarge: (sample) => ({ ...sample, body: { relleno: 'a'.repeat(MAX_BODY_BYTES) } }),
    ForbiddenOrigin: (sample) => ({ ...sample, headers: { origin: 'https://evil.example' } }),
    NotJson: (sample) => ({ ...sample, headers: { 'content-type': 'text/plain' } }),
    UploadType: (sample) => ({ ...sample, headers: { 'content-type': 'application/pdf' } }),
    UploadTooLarge: (sample) => ({
      ...sample,
      body: new Uint8Array(TERYDOLLAR_RULES.voucher.maxBytes + 1).fill(0x89),
    }),
    UploadInvalid: (sample) => ({ ...sample, body: new TextEncoder().encode('<svg></svg>') }),
  }
  // Provoked elsewhere: SessionEnded above, Internal in security.test.ts (a broken database), the
  // Idempotency-Key answers in idempotency.test.ts (a replay needs two calls and a slow first one).
  const provokedElsewhere = [
    'SessionEnded',
    'Internal',
    'IdempotencyKeyInvalid',
    'IdempotencyKeyInProgress',
    'IdempotencyKeyReused',
  ]

  it('knows how to provoke every common answer the document defines', () => {
    expect([...Object.keys(provoke), ...provokedElsewhere].sort()).toEqual(
      Object.keys(document.components.responses).sort(),
    )
  })

  it('gives each common answer its document lists for it, exactly as listed', async () => {
    let provoked = 0
    for (const { key, operation } of operations()) {
      for (const response of Object.values(operation.responses)) {
        for (const [name, example] of Object.entries(mediaOf(response).examples ?? {})) {
          const how = provoke[name]
          if (!how) continue
          const result = await server.call(...toCall(how(await sampleOf(key))))
          expect(result.body, `${key}: ${name}`).toEqual(example.value)
          provoked += 1
        }
      }
    }
    expect(provoked).toBeGreaterThan(Object.keys(provoke).length)
    // Every endpoint's examples, each provoked with a fresh player: 3 s on a quiet machine, past
    // the suite's 30 s once beside the login flood's production-cost hashes at load 14.
  }, 120_000)
})

function toCall({ path, ...options }: Sample): [string, CallOptions] {
  return [path, options]
}

describe('the document refuses routes it cannot describe truthfully', () => {
  const route = v.object({ id: v.pipe(v.string('Número no válido'), v.regex(/^\d+$/)) })
  const declared = defineEndpoint({
    method: 'GET',
    path: '/api/x/:id',
    summary: 'x',
    auth: 'public',
    response: v.null(),
  })

  it('refuses a route without endpoint() metadata first', () => {
    const app = new Hono<AppEnv>().get('/api/x', (c) => c.json({}))
    expect(() => buildOpenApiDocument(app.routes)).toThrow(
      'GET /api/x has no endpoint() metadata as its first handler',
    )
  })

  it('refuses a request rule without a Spanish message, naming the field', () => {
    const x = defineEndpoint({ ...declared, params: route })
    const app = new Hono<AppEnv>().get(...endpoint(x), (c) => reply(c, null))
    expect(() => buildOpenApiDocument(app.routes)).toThrow(
      'GET /api/x/:id (param): id: regex: no Spanish message',
    )
  })

  it('refuses a path parameter its params schema does not check', () => {
    const app = new Hono<AppEnv>().get(...endpoint(declared), (c) => reply(c, null))
    expect(() => buildOpenApiDocument(app.routes)).toThrow(
      "GET /api/x/:id: its params schema must check exactly the path's parameters (id)",
    )
  })

  it('refuses a route whose method is not its declaration’s', () => {
    const x = defineEndpoint({ ...declared, params: v.object({ id: v.string() }) })
    const app = new Hono<AppEnv>().post(...endpoint(x), (c) => reply(c, null))
    expect(() => buildOpenApiDocument(app.routes)).toThrow(
      'POST /api/x/:id is routed with the declaration of GET /api/x/:id',
    )
  })
})

describe('an endpoint that honours Idempotency-Key', () => {
  it('documents the header, the money it moves and the answers a key can give', () => {
    const x = defineEndpoint({
      method: 'POST',
      path: '/api/x',
      summary: 'x',
      auth: 'session',
      response: v.null(),
      money: [{ currency: 'gems', direction: 'in' }],
    })
    const app = new Hono<AppEnv>().post(...endpoint(x), idempotent(null as unknown as Db), (c) =>
      reply(c, null),
    )
    const operation = buildOpenApiDocument(app.routes).paths['/api/x']?.post
    expect(operation?.parameters).toEqual([
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
    ])
    expect(operation?.['x-money']).toEqual([{ currency: 'gems', direction: 'in' }])
    expect(Object.keys(operation?.responses ?? {})).toEqual(
      expect.arrayContaining(['400', '409', '422']),
    )
  })
})

describe('docs/api.md', () => {
  it('is what `npm run docs` renders from the served document (run it when this fails)', async () => {
    const template = await readFile('docs/api.template.md', 'utf8')
    const config = (await resolveConfig('docs/api.md')) ?? {}
    const expected = await format(renderApiReference(document, template), {
      ...config,
      parser: 'markdown',
    })
    expect(await readFile('docs/api.md', 'utf8')).toBe(expected)
  })
})

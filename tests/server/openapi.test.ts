import { readFile } from 'node:fs/promises'
import { Hono } from 'hono'
import { format, resolveConfig } from 'prettier'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LotteryList } from '../../contract/lottery'
import { apiMessages } from '../../contract/messages'
import type { MusicStatus } from '../../contract/music'
import { DEMO_CODE, DEMO_EMAIL, DEMO_PASSWORD } from '../../server/db/seed/players'
import { seedDemo } from '../../server/db/seed'
import type { Db } from '../../server/db/client'
import { endpoint } from '../../server/http/endpoint'
import { idempotent } from '../../server/http/idempotency'
import { reply } from '../../server/http/envelope'
import { buildOpenApiDocument, type OpenApiDocument } from '../../server/http/openapi'
import type { AppEnv } from '../../server/http/request-context'
import { MAX_BODY_BYTES } from '../../server/http/security'
import { validate } from '../../server/http/validate'
import { renderApiReference } from '../../scripts/lib/api-reference'
import {
  signupFor,
  startTestServer,
  type CallOptions,
  type TestServer,
} from './support/test-server'

let server: TestServer
let document: OpenApiDocument
let demoCookie: string

beforeAll(async () => {
  server = await startTestServer()
  await seedDemo(server.db)
  demoCookie = (await logIn(DEMO_EMAIL, DEMO_PASSWORD)) as string
  document = (await server.call('/api/openapi.json')).body as unknown as OpenApiDocument
})

afterAll(async () => {
  await server.close()
})

async function logIn(email: string, password: string) {
  return (await server.call('/api/auth/login', { body: { email, password } })).cookie
}

/** A player of their own, for calls that change or end the session they are made with. */
async function newPlayerCookie() {
  const body = signupFor(DEMO_CODE)
  await server.call('/api/auth/signup', { body })
  return (await logIn(body.email, body.password)) as string
}

type Sample = CallOptions & { path: string }

/**
 * A valid call of every endpoint, keyed like the document (`METHOD /openapi/path`). A new endpoint
 * needs its line here: the tests below fail until it has one.
 */
const samples: Record<string, () => Sample | Promise<Sample>> = {
  'GET /api/auth/validate/{code}': () => ({ path: '/api/auth/validate/terydemo' }),
  'POST /api/auth/signup': () => ({ path: '/api/auth/signup', body: signupFor(DEMO_CODE) }),
  'GET /api/auth/session': () => ({ path: '/api/auth/session?path=home', cookie: demoCookie }),
  'POST /api/auth/login': () => ({
    path: '/api/auth/login',
    body: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
  }),
  'POST /api/auth/logout': async () => ({
    path: '/api/auth/logout',
    body: {},
    cookie: await newPlayerCookie(),
  }),
  'PATCH /api/user/termsAgree': async () => ({
    path: '/api/user/termsAgree',
    method: 'PATCH',
    body: { termsAgree: true },
    cookie: await newPlayerCookie(),
  }),
  'GET /api/user/profile': () => ({ path: '/api/user/profile', cookie: demoCookie }),
  'PATCH /api/user/share/email': () => ({
    path: '/api/user/share/email',
    method: 'PATCH',
    body: { shareEmail: false },
    cookie: demoCookie,
  }),
  'GET /api/config': () => ({ path: '/api/config' }),
  'GET /api/rank/{id}': () => ({ path: '/api/rank/3', cookie: demoCookie }),
  'GET /api/chat': () => ({ path: '/api/chat' }),
  'GET /api/openapi.json': () => ({ path: '/api/openapi.json' }),
  'GET /api/lottery/list': () => ({ path: '/api/lottery/list?page=1&status=drawn' }),
  'PATCH /api/user/draw': async () => ({
    path: '/api/user/draw',
    method: 'PATCH',
    body: { drawId: await openDrawId() },
    cookie: await newPlayerCookie(),
  }),
  'GET /api/user/training': () => ({ path: '/api/user/training?track=earn', cookie: demoCookie }),
  'POST /api/user/training': async () => ({
    path: '/api/user/training',
    body: { resourceId: 'guia-bienvenida', answers: [1, 0] },
    cookie: await newPlayerCookie(),
  }),
  'GET /api/user/training/playing': () => ({
    path: '/api/user/training/playing?resourceId=guia-bienvenida',
    cookie: demoCookie,
  }),
  'GET /api/spotify/checkAccess': () => ({
    path: '/api/spotify/checkAccess?deviceId=dispositivo-de-prueba-01',
    cookie: demoCookie,
  }),
  'POST /api/spotify/linkSpotifyEmail': async () => ({
    path: '/api/spotify/linkSpotifyEmail',
    body: { email: `musica.${Date.now()}.${Math.random()}@correo.example` },
    cookie: await newPlayerCookie(),
  }),
  'GET /api/spotify/login': async () => {
    const cookie = await newPlayerCookie()
    const email = `musica.${Date.now()}.${Math.random()}@correo.example`
    await server.call('/api/spotify/linkSpotifyEmail', { body: { email }, cookie })
    return { path: '/api/spotify/login', cookie }
  },
  'POST /api/spotify/sync': () => ({ path: '/api/spotify/sync', body: {}, cookie: demoCookie }),
  'POST /api/spotify/checkAudit': () => ({
    path: '/api/spotify/checkAudit',
    body: {},
    cookie: demoCookie,
  }),
  'POST /api/spotify/pendingToClaim': () => ({
    path: '/api/spotify/pendingToClaim',
    body: {},
    cookie: demoCookie,
  }),
  'GET /api/spotify/recentlyPlayed': () => ({
    path: '/api/spotify/recentlyPlayed',
    cookie: demoCookie,
  }),
  'POST /api/spotify/claimReward': async () => {
    // The demo player's seeded plays, synced, audited and set aside: the reward to claim.
    for (const step of ['sync', 'checkAudit']) {
      await server.call(`/api/spotify/${step}`, { body: {}, cookie: demoCookie })
    }
    const status = await server.call<MusicStatus>('/api/spotify/pendingToClaim', {
      body: {},
      cookie: demoCookie,
    })
    return {
      path: '/api/spotify/claimReward',
      body: { amount: status.body.data.claimable.reward.amount },
      cookie: demoCookie,
    }
  },
  'POST /api/spotify/showStrikeNotification': () => ({
    path: '/api/spotify/showStrikeNotification',
    body: {},
    cookie: demoCookie,
  }),
}

/** The id of the lottery draw taking entries (the demo seed opens one). */
async function openDrawId(): Promise<string> {
  const list = await server.call<LotteryList>('/api/lottery/list?status=open')
  const id = list.body.data.draws[0]?.id
  if (!id) throw new Error('no open draw')
  return id
}

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

async function sampleOf(key: string): Promise<Sample> {
  const sample = samples[key]
  if (!sample) throw new Error(`${key} has no sample call in tests/server/openapi.test.ts`)
  return { method: key.split(' ')[0], ...(await sample()) }
}

describe('the route table and the document', () => {
  it('documents every route of the app with its method and path, and nothing else', () => {
    const routes = server.app.routes
      .filter((route) => route.method !== 'ALL')
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`)
    expect(new Set(operations().map((entry) => entry.key))).toEqual(new Set(routes))
  })

  it('has a sample call for every documented endpoint', () => {
    expect(Object.keys(samples).sort()).toEqual(
      operations()
        .map((entry) => entry.key)
        .sort(),
    )
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
        expect(response.content['application/json'].schema, `${key} ${status}`).toBeTypeOf('object')
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
    expect(auth).toEqual({
      'GET /api/auth/validate/{code}': 'public',
      'POST /api/auth/signup': 'public',
      'GET /api/auth/session': 'session',
      'POST /api/auth/login': 'public',
      'POST /api/auth/logout': 'session',
      'PATCH /api/user/termsAgree': 'session',
      'GET /api/user/profile': 'session',
      'PATCH /api/user/share/email': 'session',
      'GET /api/config': 'public',
      'GET /api/rank/{id}': 'session',
      'GET /api/chat': 'public',
      'GET /api/openapi.json': 'public',
      'GET /api/lottery/list': 'public',
      'PATCH /api/user/draw': 'session',
      'GET /api/user/training': 'session',
      'POST /api/user/training': 'session',
      'GET /api/user/training/playing': 'session',
      'GET /api/spotify/checkAccess': 'session',
      'POST /api/spotify/linkSpotifyEmail': 'session',
      'GET /api/spotify/login': 'session',
      'POST /api/spotify/sync': 'session',
      'POST /api/spotify/checkAudit': 'session',
      'POST /api/spotify/pendingToClaim': 'session',
      'GET /api/spotify/recentlyPlayed': 'session',
      'POST /api/spotify/claimReward': 'session',
      'POST /api/spotify/showStrikeNotification': 'session',
    })
  })
})

describe('every endpoint, walked from the document', () => {
  it('answers its success with the status, message and data schema it declares', async () => {
    for (const { key, method, path } of operations()) {
      const found = server.answers.find(method, path.replace(/\{\w+\}/g, 'x'))
      if (!found) throw new Error(`${key} is documented but not routed`)
      const { spec } = found.endpoint
      const result = await server.call(...toCall(await sampleOf(key)))
      expect(result.status, key).toBe(spec.status ?? 200)
      const data = spec.envelope === false ? result.body : result.body.data
      expect(v.safeParse(spec.response, data).issues, key).toBeUndefined()
      if (spec.envelope !== false) {
        expect(result.body.message, key).toBe(spec.message ?? apiMessages.ok)
      }
    }
  })

  it("answers 401 'La sesión ha terminado' without a session before reading any input when it needs one, and succeeds without one when public", async () => {
    for (const { key, method, path, operation } of operations()) {
      if (operation.security.length > 0) {
        // Broken input everywhere: the session check must come first anyway.
        const result = await server.call(path.replace(/\{\w+\}/g, '%20'), {
          method,
          ...(method === 'GET' ? {} : { body: '{"roto": ' }),
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
        for (const [name, example] of Object.entries(
          response.content['application/json'].examples ?? {},
        )) {
          const how = provoke[name]
          if (!how) continue
          const result = await server.call(...toCall(how(await sampleOf(key))))
          expect(result.body, `${key}: ${name}`).toEqual(example.value)
          provoked += 1
        }
      }
    }
    expect(provoked).toBeGreaterThan(Object.keys(provoke).length)
  })
})

function toCall({ path, ...options }: Sample): [string, CallOptions] {
  return [path, options]
}

describe('the document refuses routes it cannot describe truthfully', () => {
  const route = v.object({ id: v.pipe(v.string('Número no válido'), v.regex(/^\d+$/)) })

  it('refuses a route without endpoint() metadata first', () => {
    const app = new Hono<AppEnv>().get('/api/x', (c) => c.json({}))
    expect(() => buildOpenApiDocument(app.routes)).toThrow(
      'GET /api/x has no endpoint() metadata as its first handler',
    )
  })

  it('refuses a request rule without a Spanish message, naming the field', () => {
    const app = new Hono<AppEnv>().get(
      '/api/x/:id',
      endpoint({ summary: 'x', auth: 'public', response: v.null() }),
      validate('param', route),
      (c) => reply(c, null),
    )
    expect(() => buildOpenApiDocument(app.routes)).toThrow(
      'GET /api/x/:id (param): id: regex: no Spanish message',
    )
  })

  it('refuses a path parameter that validate() does not check', () => {
    const app = new Hono<AppEnv>().get(
      '/api/x/:id',
      endpoint({ summary: 'x', auth: 'public', response: v.null() }),
      (c) => reply(c, null),
    )
    expect(() => buildOpenApiDocument(app.routes)).toThrow(
      "GET /api/x/:id: validate('param', ...) must check exactly the path's parameters (id)",
    )
  })
})

describe('an endpoint that honours Idempotency-Key', () => {
  it('documents the header, the money it moves and the answers a key can give', () => {
    const app = new Hono<AppEnv>().post(
      '/api/x',
      endpoint({
        summary: 'x',
        auth: 'session',
        response: v.null(),
        money: [{ currency: 'gems', direction: 'in' }],
      }),
      idempotent(null as unknown as Db),
      (c) => reply(c, null),
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

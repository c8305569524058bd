import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Session, SignupResult } from '../../contract/auth'
import { DEMO_CODE, DEMO_EMAIL, DEMO_PASSWORD } from '../../server/db/seed/players'
import { sessions, users } from '../../server/db/schema'
import { assertLedgerInvariant } from '../../server/services/ledger'
import { WELCOME_TERYCARBONS } from '../../server/services/rules'
import { rowCounts, signupFor, startTestServer, type TestServer } from './support/test-server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' })
})

afterAll(async () => {
  await server.close()
})

async function logInDemo() {
  const result = await server.call<Session>('/api/auth/login', {
    body: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
  })
  expect(result.status).toBe(200)
  expect(result.cookie).not.toBeNull()
  return result.cookie as string
}

/** Whom GET /api/auth/session says the cookie signs in: an email, or null for a visitor. */
async function signedInEmail(cookie: string | null) {
  const result = await server.call<Session | null>('/api/auth/session', { cookie })
  expect(result.status).toBe(200)
  return result.body.data?.email ?? null
}

describe('GET /api/auth/validate/:code', () => {
  it('answers the parent behind an existing code, in any letter case', async () => {
    const result = await server.call('/api/auth/validate/terydemo')
    expect(result.status).toBe(200)
    expect(result.body).toMatchObject({
      status: 200,
      data: { code: DEMO_CODE, name: 'Jugador Demo' },
    })
  })

  it('answers 400 with the Spanish message for an unknown code', async () => {
    const result = await server.call('/api/auth/validate/NOEXISTE')
    expect(result.status).toBe(400)
    expect(result.body).toEqual({
      status: 400,
      message: 'El código de referido no existe',
      data: { fields: { code: 'El código de referido no existe' } },
    })
  })

  it('answers 400 with the field message for a malformed code', async () => {
    const result = await server.call('/api/auth/validate/AB')
    expect(result.status).toBe(400)
    expect(result.body.message).toBe(
      'El código debe tener entre 4 y 16 letras mayúsculas o números',
    )
  })
})

describe('POST /api/auth/signup', () => {
  it('creates a player with a fresh uppercase invite code and does not log in', async () => {
    const body = signupFor('terydemo', { email: 'Nueva.Jugadora@Correo.Example' })
    const demoBefore = await server.call<{ balances: { gems: number } }>('/api/user/profile', {
      cookie: await logInDemo(),
    })
    const result = await server.call<SignupResult>('/api/auth/signup', { body })
    expect(result.status).toBe(201)
    expect(result.body.status).toBe(201)
    expect(result.body.data.email).toBe('nueva.jugadora@correo.example')
    expect(result.body.data.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/)
    expect(result.setCookie).toBeNull()

    const login = await server.call<Session>('/api/auth/login', {
      body: { email: 'nueva.jugadora@correo.example', password: body.password },
    })
    expect(login.status).toBe(200)
    expect(login.body.data).toMatchObject({
      name: body.name,
      code: result.body.data.code,
      termsAgree: false,
      rankIndex: 0,
    })
    const profile = await server.call<{ balances: Record<string, number>; parentCode: string }>(
      '/api/user/profile',
      { cookie: login.cookie },
    )
    expect(profile.body.data.parentCode).toBe(DEMO_CODE)
    expect(profile.body.data.balances).toEqual({
      terycarbons: WELCOME_TERYCARBONS,
      gems: 0,
      voltaCharge: 0,
      terydollars: 0,
    })
    const demoAfter = await server.call<{ balances: { gems: number } }>('/api/user/profile', {
      cookie: await logInDemo(),
    })
    // The parent's referral reward waits until the new player plays (decision 026).
    expect(demoAfter.body.data.balances.gems).toBe(demoBefore.body.data.balances.gems)
    await assertLedgerInvariant(server.db)
  })

  it('answers 409 when the email is already registered, whatever its case', async () => {
    const before = await rowCounts(server.db)
    const result = await server.call('/api/auth/signup', {
      body: signupFor(DEMO_CODE, { email: 'DEMO@tery.example' }),
    })
    expect(result.status).toBe(409)
    expect(result.body.message).toBe('El correo electrónico ya está registrado')
    expect(await rowCounts(server.db)).toEqual(before)
  })

  it('answers 400 and changes nothing when the parent code does not exist', async () => {
    const before = await rowCounts(server.db)
    const result = await server.call('/api/auth/signup', { body: signupFor('NOEXISTE') })
    expect(result.status).toBe(400)
    expect(result.body).toEqual({
      status: 400,
      message: 'El código de referido no existe',
      data: { fields: { parentCode: 'El código de referido no existe' } },
    })
    expect(await rowCounts(server.db)).toEqual(before)
  })

  it.each([
    ['a missing name', { name: undefined }, 'El campo es requerido', 'name'],
    ['a name with digits', { name: 'Laura 3' }, 'Nombre no válido', 'name'],
    ['a bad email', { email: 'laura@' }, 'El formato del correo electrónico no es válido', 'email'],
    ['a bad mobile number', { phone: '12345' }, 'Celular no válido', 'phone'],
    ['a number instead of text', { phone: 3104567890 }, 'El campo es requerido', 'phone'],
    ['an empty password', { password: '' }, 'El campo es requerido', 'password'],
  ])(
    'answers 400 for %s with its Spanish message and changes nothing',
    async (_, patch, message, field) => {
      const before = await rowCounts(server.db)
      const body = { ...signupFor(DEMO_CODE), ...patch }
      const result = await server.call<{ fields: Record<string, string> }>('/api/auth/signup', {
        body,
      })
      expect(result.status).toBe(400)
      expect(result.body.message).toBe(message)
      expect(result.body.data.fields[field]).toBe(message)
      expect(await rowCounts(server.db)).toEqual(before)
    },
  )

  it('lists the first message of every invalid field', async () => {
    const result = await server.call<{ fields: Record<string, string> }>('/api/auth/signup', {
      body: {},
    })
    expect(result.status).toBe(400)
    expect(result.body.message).toBe('El campo es requerido')
    expect(result.body.data.fields).toEqual({
      parentCode: 'El campo es requerido',
      name: 'El campo es requerido',
      email: 'El campo es requerido',
      phone: 'El campo es requerido',
      password: 'El campo es requerido',
      deviceId: 'El campo es requerido',
    })
  })

  it('refuses a NUL character in a text before the rules, naming the field, and changes nothing', async () => {
    const before = await rowCounts(server.db)
    const result = await server.call<{ fields: Record<string, string> }>('/api/auth/signup', {
      body: { ...signupFor(DEMO_CODE), name: 'Ana\u0000' },
    })
    expect(result.status).toBe(400)
    expect(result.body.message).toBe('El texto contiene caracteres no válidos')
    expect(result.body.data.fields).toEqual({ name: 'El texto contiene caracteres no válidos' })
    expect(await rowCounts(server.db)).toEqual(before)
  })

  it('answers 400 when the body is not an object', async () => {
    const result = await server.call('/api/auth/signup', { body: '"texto"' })
    expect(result.status).toBe(400)
    expect(result.body.message).toBe('La solicitud no es válida')
  })

  it('lets exactly one of two simultaneous signups with the same email through', async () => {
    const body = signupFor(DEMO_CODE)
    const before = await rowCounts(server.db)
    const results = await Promise.all([
      server.call('/api/auth/signup', { body }),
      server.call('/api/auth/signup', { body: { ...body, name: 'Otra Persona' } }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([201, 409])
    expect((await rowCounts(server.db)).users).toBe(before.users + 1)
    await assertLedgerInvariant(server.db)
  })
})

describe('POST /api/auth/login', () => {
  it('answers the session and sets an HttpOnly, SameSite=Lax cookie on Path=/', async () => {
    const result = await server.call<Session>('/api/auth/login', {
      body: { email: 'DEMO@tery.example', password: DEMO_PASSWORD },
    })
    expect(result.status).toBe(200)
    expect(result.body.data).toMatchObject({
      email: DEMO_EMAIL,
      name: 'Jugador Demo',
      code: DEMO_CODE,
      termsAgree: true,
    })
    expect(result.setCookie).toMatch(/^tery_session=[A-Za-z0-9_-]{43};/)
    expect(result.setCookie).toContain('HttpOnly')
    expect(result.setCookie).toContain('SameSite=Lax')
    expect(result.setCookie).toContain('Path=/')
    expect(result.setCookie).not.toContain('Secure')
  })

  it('uses a Secure cookie with the __Host- prefix when a trusted proxy says HTTPS', async () => {
    const secureServer = await startTestServer({
      allowedOrigins: ['https://tery.example'],
      trustProxy: 1,
      seed: 'demo',
    })
    const overHttps = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.40' }
    try {
      const login = await secureServer.call('/api/auth/login', {
        body: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
        headers: { ...overHttps, origin: 'https://tery.example' },
      })
      expect(login.status).toBe(200)
      expect(login.setCookie).toMatch(/^__Host-tery_session=/)
      expect(login.setCookie).toContain('Secure')
      expect(login.setCookie).toContain('HttpOnly')
      expect(login.setCookie).toContain('SameSite=Lax')
      expect(login.setCookie).toContain('Path=/')
      expect(login.setCookie).not.toContain('Domain')
      expect(login.headers.get('strict-transport-security')).toBe(
        'max-age=15552000; includeSubDomains',
      )
      const session = await secureServer.call('/api/auth/session', {
        cookie: login.cookie,
        headers: overHttps,
      })
      expect(session.status).toBe(200)
    } finally {
      await secureServer.close()
    }
  })

  it('issues a new token at every login and drops the one the browser came with', async () => {
    const first = await logInDemo()
    const second = await server.call('/api/auth/login', {
      body: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
      cookie: first,
    })
    expect(second.cookie).not.toBeNull()
    expect(second.cookie).not.toBe(first)
    expect(await signedInEmail(first)).toBeNull()
    expect(await signedInEmail(second.cookie)).toBe(DEMO_EMAIL)
  })

  it('stores only a hash of the token', async () => {
    const cookie = await logInDemo()
    const token = cookie.split('=')[1] as string
    const rows = await server.db.select().from(sessions)
    expect(rows.some((row) => row.tokenHash === token)).toBe(false)
  })

  it('answers the same 401 for a wrong password and for an unknown email', async () => {
    const wrong = await server.call('/api/auth/login', {
      body: { email: DEMO_EMAIL, password: 'no-es-la-clave' },
      ip: '198.51.100.1',
    })
    const unknown = await server.call('/api/auth/login', {
      body: { email: 'nadie@tery.example', password: 'no-es-la-clave' },
      ip: '198.51.100.1',
    })
    for (const result of [wrong, unknown]) {
      expect(result.status).toBe(401)
      expect(result.body).toEqual({
        status: 401,
        message: 'Correo o contraseña incorrectos',
        data: null,
      })
      expect(result.setCookie).toBeNull()
    }
  })

  it('answers 400 for a malformed email and changes nothing', async () => {
    const before = await rowCounts(server.db)
    const result = await server.call('/api/auth/login', {
      body: { email: 'demo', password: DEMO_PASSWORD },
    })
    expect(result.status).toBe(400)
    expect(result.body.message).toBe('El formato del correo electrónico no es válido')
    expect(await rowCounts(server.db)).toEqual(before)
  })
})

describe('GET /api/auth/session', () => {
  it('answers the signed-in player, ignoring the path query', async () => {
    const result = await server.call<Session>('/api/auth/session?path=home', {
      cookie: await logInDemo(),
    })
    expect(result.status).toBe(200)
    expect(result.body.data).toMatchObject({ email: DEMO_EMAIL, code: DEMO_CODE })
  })

  it("answers the player's balances, as the profile shows them, with or without a trailing slash", async () => {
    // The session lookup reads the balances for this route only: a path spelled differently
    // must still get them.
    const cookie = await logInDemo()
    const profile = await server.call<{ balances: Record<string, number> }>('/api/user/profile', {
      cookie,
    })
    for (const path of ['/api/auth/session', '/api/auth/session/']) {
      const result = await server.call<Session>(path, { cookie })
      expect(result.status).toBe(200)
      expect(result.body.data.balances).toEqual(profile.body.data.balances)
    }
  })

  it('answers a visitor without a session with 200 and null: no error for a normal state', async () => {
    const result = await server.call('/api/auth/session')
    expect(result.body).toEqual({ status: 200, message: 'Operación exitosa', data: null })
    expect(result.status).toBe(200)
  })

  it('answers null and clears the cookie for an unknown token', async () => {
    const result = await server.call('/api/auth/session', { cookie: 'tery_session=inventado' })
    expect(result.status).toBe(200)
    expect(result.body.data).toBeNull()
    expect(result.setCookie).toMatch(/^tery_session=;/)
  })

  it('ends a session left idle for more than 7 days', async () => {
    const cookie = await logInDemo()
    await server.db.execute(
      sql`update sessions set last_seen_at = now() - interval '8 days', created_at = now() - interval '8 days'`,
    )
    expect(await signedInEmail(cookie)).toBeNull()
  })

  it('ends a session 30 days after login even when used every day', async () => {
    const cookie = await logInDemo()
    await server.db.execute(sql`update sessions set expires_at = now() - interval '1 minute'`)
    expect(await signedInEmail(cookie)).toBeNull()
  })

  it('keeps a used session alive by refreshing its last use at most hourly', async () => {
    const cookie = await logInDemo()
    const [demo] = await server.db.select().from(users).where(eq(users.email, DEMO_EMAIL))
    if (!demo) throw new Error('the seed has no demo player')
    const demoSessions = eq(sessions.userId, demo.id)
    await server.db.delete(sessions).where(demoSessions)
    const fresh = await logInDemo()
    await server.db.execute(sql`update sessions set last_seen_at = now() - interval '6 days'`)
    expect(await signedInEmail(fresh)).toBe(DEMO_EMAIL)
    expect(await signedInEmail(cookie)).toBeNull()
    const [row] = await server.db.select().from(sessions).where(demoSessions)
    expect(Date.now() - (row?.lastSeenAt.getTime() ?? 0)).toBeLessThan(60_000)
  })
})

describe('POST /api/auth/logout', () => {
  it("ends the session server-side: the old cookie is a visitor's afterwards", async () => {
    const cookie = await logInDemo()
    const result = await server.call('/api/auth/logout', { body: {}, cookie })
    expect(result.status).toBe(200)
    expect(result.body).toMatchObject({ status: 200, data: null })
    expect(result.setCookie).toMatch(/^tery_session=;/)
    expect(await signedInEmail(cookie)).toBeNull()
    const profile = await server.call('/api/user/profile', { cookie })
    expect(profile.status).toBe(401)
    expect(profile.body.message).toBe('La sesión ha terminado')
  })

  it('answers 401 without a session', async () => {
    const result = await server.call('/api/auth/logout', { body: {} })
    expect(result.status).toBe(401)
    expect(result.body.message).toBe('La sesión ha terminado')
  })
})

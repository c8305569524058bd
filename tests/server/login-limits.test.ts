import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Session } from '../../contract/auth'
import { seedDemo } from '../../server/db/seed'
import { DEMO_CODE, DEMO_EMAIL, DEMO_PASSWORD } from '../../server/db/seed/players'
import { AUTH_IP_POLICY, LOGIN_ACCOUNT_POLICY, LOGIN_PAIR_POLICY } from '../../server/services/auth'
import { signupFor, startTestServer, type CallResult, type TestServer } from './support/test-server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
  await seedDemo(server.db)
})

afterAll(async () => {
  await server.close()
})

const TOO_MANY = {
  status: 429,
  message: 'Demasiados intentos. Intenta de nuevo en unos minutos.',
  data: null,
}

/** A fresh player (and a fresh IP for each caller below), so tests do not share counters. */
async function newPlayer() {
  const body = signupFor(DEMO_CODE)
  expect((await server.call('/api/auth/signup', { body, ip: randomIp() })).status).toBe(201)
  return { email: body.email, password: body.password }
}

function randomIp() {
  const [a = 0, b = 0, c = 0] = randomBytes(3)
  return `10.${a}.${b}.${c}`
}

function logIn(email: string, password: string, ip: string) {
  return server.call<Session>('/api/auth/login', { body: { email, password }, ip })
}

function expectTooMany(result: CallResult, maxSeconds: number) {
  expect(result.status).toBe(429)
  expect(result.body).toEqual(TOO_MANY)
  expect(result.setCookie).toBeNull()
  const retryAfter = Number(result.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds)
  return retryAfter
}

/** Moves a key's lockout and window into the past, as if the wait were over. */
async function endLockout(keyPrefix: string) {
  await server.db.execute(
    sql`update rate_limits set blocked_until = now() - interval '1 second',
          window_ends_at = now() - interval '1 second'
        where key like ${`${keyPrefix}%`}`,
  )
}

describe('login limits', () => {
  it('lets at most 5 of 200 simultaneous guesses from one IP reach the password check', async () => {
    const player = await newPlayer()
    const guesser = randomIp()
    const guesses = await Promise.all(
      Array.from({ length: 199 }, (_, i) => logIn(player.email, `equivocada-${i}`, guesser)),
    )
    const statuses = guesses.map((g) => g.status)
    const checked = statuses.filter((status) => status === 401).length
    expect(checked).toBeGreaterThan(0)
    expect(checked).toBeLessThanOrEqual(LOGIN_PAIR_POLICY.limit)
    expect(statuses.filter((status) => status === 429)).toHaveLength(199 - checked)
    for (const refused of guesses.filter((g) => g.status === 429)) expectTooMany(refused, 15 * 60)

    // The right password, sent last from the same IP, is refused while the pair is throttled...
    expectTooMany(await logIn(player.email, player.password, guesser), 15 * 60)
    // ...but the owner, from their own network, is not locked out by a stranger.
    const owner = await logIn(player.email, player.password, randomIp())
    expect(owner.status).toBe(200)
    expect(owner.body.data.email).toBe(player.email)
  })

  it('locks one email and IP out for 1 minute after 5 failures, then 2, and a success resets it', async () => {
    const player = await newPlayer()
    const ip = randomIp()
    const pair = `login-pair:${player.email}|${ip}`
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await logIn(player.email, 'equivocada', ip)).status).toBe(401)
    }
    expect(expectTooMany(await logIn(player.email, 'equivocada', ip), 60)).toBeGreaterThan(55)
    expectTooMany(await logIn(player.email, player.password, ip), 60)

    await endLockout(pair)
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await logIn(player.email, 'equivocada', ip)).status).toBe(401)
    }
    // The second lockout is twice as long.
    expect(expectTooMany(await logIn(player.email, player.password, ip), 120)).toBeGreaterThan(115)

    await endLockout(pair)
    expect((await logIn(player.email, player.password, ip)).status).toBe(200)
    // The success forgot the pair's failures and lockouts: 5 new failures before a 1-minute one.
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await logIn(player.email, 'equivocada', ip)).status).toBe(401)
    }
    expect(expectTooMany(await logIn(player.email, 'equivocada', ip), 60)).toBeGreaterThan(55)
  })

  it('refuses an email from every IP after 50 failures in 15 minutes spread over many IPs', async () => {
    const player = await newPlayer()
    for (let attempt = 1; attempt <= LOGIN_ACCOUNT_POLICY.limit; attempt += 1) {
      expect((await logIn(player.email, 'equivocada', randomIp())).status).toBe(401)
    }
    expectTooMany(await logIn(player.email, player.password, randomIp()), 15 * 60)
    await server.db.execute(
      sql`update rate_limits set window_ends_at = now() - interval '1 second'
          where key = ${`login-account:${player.email}`}`,
    )
    expect((await logIn(player.email, player.password, randomIp())).status).toBe(200)
  })

  it('refuses an IP after 20 failed logins in 15 minutes, whatever the email', async () => {
    const ip = randomIp()
    for (let attempt = 1; attempt <= AUTH_IP_POLICY.limit; attempt += 1) {
      const result = await logIn(`intento${attempt}@tery.example`, 'equivocada', ip)
      expect(result.status).toBe(401)
    }
    expectTooMany(await logIn(DEMO_EMAIL, DEMO_PASSWORD, ip), 15 * 60)
    expect((await logIn(DEMO_EMAIL, DEMO_PASSWORD, randomIp())).status).toBe(200)
  })

  it('does not count successful logins against the IP', async () => {
    const ip = randomIp()
    for (let attempt = 1; attempt <= AUTH_IP_POLICY.limit + 5; attempt += 1) {
      expect((await logIn(DEMO_EMAIL, DEMO_PASSWORD, ip)).status).toBe(200)
    }
  })
})

describe('signup limits', () => {
  it("limits 'already registered' answers per IP, then refuses that IP's signups", async () => {
    const ip = randomIp()
    const taken = await newPlayer()
    for (let attempt = 1; attempt <= AUTH_IP_POLICY.limit; attempt += 1) {
      const result = await server.call('/api/auth/signup', {
        body: signupFor(DEMO_CODE, { email: taken.email }),
        ip,
      })
      expect(result.status).toBe(409)
      expect(result.body.message).toBe('El correo electrónico ya está registrado')
    }
    for (const email of [taken.email, `nueva.${randomBytes(4).toString('hex')}@correo.example`]) {
      const refused = await server.call('/api/auth/signup', {
        body: signupFor(DEMO_CODE, { email }),
        ip,
      })
      expectTooMany(refused, 15 * 60)
    }
    const elsewhere = await server.call('/api/auth/signup', {
      body: signupFor(DEMO_CODE, { email: taken.email }),
      ip: randomIp(),
    })
    expect(elsewhere.status).toBe(409)
  })

  it('does not count created players against the IP', async () => {
    const ip = randomIp()
    for (let attempt = 1; attempt <= AUTH_IP_POLICY.limit + 2; attempt += 1) {
      const result = await server.call('/api/auth/signup', { body: signupFor(DEMO_CODE), ip })
      expect(result.status).toBe(201)
    }
  })
})

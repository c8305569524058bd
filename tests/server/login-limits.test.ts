import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Session } from '../../contract/auth'
import { DEMO_CODE, DEMO_EMAIL, DEMO_PASSWORD } from '../../server/db/seed/players'
import { AUTH_IP_POLICY, LOGIN_ACCOUNT_POLICY, LOGIN_PAIR_POLICY } from '../../server/services/auth'
import { signupFor, startTestServer, type CallResult, type TestServer } from './support/test-server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' })
})

afterAll(async () => {
  await server.close()
})

const TOO_MANY = {
  status: 429,
  message: 'Demasiados intentos. Intenta de nuevo más tarde.',
  data: { retryAfterSeconds: expect.any(Number), retryAt: expect.any(String) },
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

function logIn(email: string, password: string, ip: string, cookie?: string) {
  return server.call<Session>('/api/auth/login', { body: { email, password }, ip, cookie })
}

function expectTooMany(result: CallResult, maxSeconds: number) {
  expect(result.status).toBe(429)
  expect(result.body).toEqual(TOO_MANY)
  expect(result.setCookie).toBeNull()
  const retryAfter = Number(result.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds)
  // The form counts down to the server's instant: the header's wait, from the server's now, which
  // is an instant of this test (an order, not a timing: under load an answer may come late).
  const data = result.body.data as { retryAfterSeconds: number; retryAt: string }
  expect(data.retryAfterSeconds).toBe(retryAfter)
  const answeredAt = Date.parse(data.retryAt) - retryAfter * 1000
  expect(answeredAt).toBeGreaterThanOrEqual(testStartedAt)
  expect(answeredAt).toBeLessThanOrEqual(Date.now())
  return retryAfter
}

let testStartedAt = 0
beforeEach(() => {
  testStartedAt = Date.now()
})

/** The device cookie a login left the browser with, as `name=value`, or null. */
function deviceCookieOf(result: CallResult): string | null {
  return (
    result.headers
      .getSetCookie()
      .map((line) => line.split(';')[0] ?? '')
      .find((pair) => /^(__Host-)?tery_device_/.test(pair)) ?? null
  )
}

/** A player who logged in once from their own browser, and that browser's device cookie. */
async function playerWithKnownBrowser() {
  const player = await newPlayer()
  const home = await logIn(player.email, player.password, randomIp())
  expect(home.status).toBe(200)
  const device = deviceCookieOf(home)
  expect(device).toMatch(/^tery_device_[\w-]+=[\w.-]+$/)
  return { ...player, device: device ?? '' }
}

/** Guesses from `count` addresses, one each, until the account's ceiling refuses them. */
async function guessFromManyAddresses(email: string, count: number) {
  const statuses: number[] = []
  for (let i = 0; i < count; i += 1) {
    statuses.push((await logIn(email, `adivinanza-${i}`, randomIp())).status)
  }
  return statuses
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
    // One address waits for at most one hash at a time: the guesses that took a slot of the pair
    // beyond it are told the server is busy (and give the slot back).
    const busy = guesses.filter((g) => g.status === 503)
    expect(checked).toBeGreaterThan(0)
    expect(checked).toBeLessThanOrEqual(LOGIN_PAIR_POLICY.limit)
    expect(statuses.filter((status) => status === 429)).toHaveLength(199 - checked - busy.length)
    for (const refused of busy) {
      expect(refused.body).toEqual({
        status: 503,
        message: 'El servidor está ocupado. Intenta de nuevo en unos segundos.',
        data: { retryAfterSeconds: 5, retryAt: expect.any(String) },
      })
    }
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

describe('device cookies (a browser where the player logged in before)', () => {
  it("lets the owner's known browser in after 60 wrong passwords from 60 addresses", async () => {
    const player = await playerWithKnownBrowser()
    const statuses = await guessFromManyAddresses(player.email, 60)
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_ACCOUNT_POLICY.limit)
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      60 - LOGIN_ACCOUNT_POLICY.limit,
    )
    // A new browser is told when to try again, the right password included...
    expectTooMany(await logIn(player.email, player.password, randomIp()), 15 * 60)
    // ...the owner's own browser, from any address, is not.
    const own = await logIn(player.email, player.password, randomIp(), player.device)
    expect(own.status).toBe(200)
    expect(own.body.data.email).toBe(player.email)
  })

  it('trusts a cookie only as signed, and only for the account it names', async () => {
    const owner = await playerWithKnownBrowser()
    const other = await playerWithKnownBrowser()
    await guessFromManyAddresses(owner.email, LOGIN_ACCOUNT_POLICY.limit)
    const [name = '', value = ''] = owner.device.split('=')
    const forged = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`
    // Another player's cookie under this account's name, or one with a made-up signature.
    const borrowed = `${name}=${other.device.split('=')[1] ?? ''}`
    for (const cookie of [forged, borrowed]) {
      expectTooMany(await logIn(owner.email, owner.password, randomIp(), cookie), 15 * 60)
    }
    expect((await logIn(owner.email, owner.password, randomIp(), owner.device)).status).toBe(200)
  })

  it('counts a known browser’s own failures: after 5 it is a stranger again', async () => {
    const player = await playerWithKnownBrowser()
    const ip = randomIp()
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await logIn(player.email, 'equivocada', ip, player.device)).status).toBe(401)
    }
    // Its failures did not use up the account's ceiling for everyone else...
    const strangers = await guessFromManyAddresses(player.email, LOGIN_ACCOUNT_POLICY.limit)
    expect(strangers.filter((status) => status === 401)).toHaveLength(LOGIN_ACCOUNT_POLICY.limit)
    // ...and, locked out itself, it meets the ceiling the strangers reached.
    expectTooMany(await logIn(player.email, player.password, ip, player.device), 15 * 60)
    await endLockout('login-device:')
    expect((await logIn(player.email, player.password, ip, player.device)).status).toBe(200)
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

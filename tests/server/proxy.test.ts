import { randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/db/seed/players'
import { clientIp, isHttps, type AppEnv } from '../../server/http/request-context'
import { AUTH_IP_POLICY } from '../../server/services/auth'
import { BASE, ORIGIN, startTestServer, type TestServer } from './support/test-server'

const demoLogin = { email: DEMO_EMAIL, password: DEMO_PASSWORD }

function randomIp() {
  const [a = 0, b = 0, c = 0] = randomBytes(3)
  return `172.${16 + (a % 16)}.${b}.${c}`
}

/** What the app takes from a request's forwarding headers, with `hops` trusted proxies. */
async function seenBy(hops: number, headers: Record<string, string>) {
  const probe = new Hono<AppEnv>().get('/', (c) =>
    c.json({ ip: clientIp(c, hops), https: isHttps(c, hops) }),
  )
  const response = await probe.request(
    'https://tery.example/',
    { headers },
    {
      incoming: { socket: { remoteAddress: '10.0.0.2' } },
    },
  )
  return (await response.json()) as { ip: string; https: boolean }
}

describe('forwarding headers', () => {
  it('ignores them without TRUST_PROXY: the socket address, and plain HTTP even for an https URL', async () => {
    expect(await seenBy(0, { 'x-forwarded-for': '1.2.3.4', 'x-forwarded-proto': 'https' })).toEqual(
      { ip: '10.0.0.2', https: false },
    )
  })

  it('takes the address the trusted proxy appended, not what the client wrote to its left', async () => {
    expect(await seenBy(1, { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' })).toEqual({
      ip: '203.0.113.9',
      https: false,
    })
    expect(await seenBy(1, { 'x-forwarded-for': '203.0.113.9' })).toMatchObject({
      ip: '203.0.113.9',
    })
  })

  it('counts TRUST_PROXY=2 proxies from the right', async () => {
    expect(
      await seenBy(2, {
        'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.1.1.1',
        'x-forwarded-proto': 'http, https, http',
      }),
    ).toEqual({ ip: '203.0.113.9', https: true })
  })

  it('counts as HTTPS only what a trusted proxy says', async () => {
    expect(await seenBy(1, { 'x-forwarded-proto': 'https' })).toMatchObject({ https: true })
    expect(await seenBy(1, { 'x-forwarded-proto': 'http' })).toMatchObject({ https: false })
    expect(await seenBy(1, {})).toMatchObject({ https: false })
  })
})

describe('behind a trusted proxy', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({ trustProxy: 1, seed: 'demo' })
  })

  afterAll(async () => {
    await server.close()
  })

  it('limits an IP that writes a random leftmost X-Forwarded-For at every attempt', async () => {
    const statuses: number[] = []
    for (let attempt = 1; attempt <= 40; attempt += 1) {
      const result = await server.call('/api/auth/login', {
        body: { email: `intento${attempt}@tery.example`, password: 'equivocada' },
        headers: { 'x-forwarded-for': `${randomIp()}, 198.51.100.66` },
        ip: '10.0.0.2',
      })
      statuses.push(result.status)
    }
    expect(statuses.slice(0, AUTH_IP_POLICY.limit).every((status) => status === 401)).toBe(true)
    expect(statuses.slice(AUTH_IP_POLICY.limit).every((status) => status === 429)).toBe(true)
    // Another client behind the same proxy is not affected.
    const other = await server.call('/api/auth/login', {
      body: demoLogin,
      headers: { 'x-forwarded-for': '198.51.100.67' },
      ip: '10.0.0.2',
    })
    expect(other.status).toBe(200)
  })

  it('does not make a plain-HTTP request HTTPS without X-Forwarded-Proto, whatever its URL says', async () => {
    const response = await server.app.request(
      `${BASE.replace('http:', 'https:')}/api/auth/login`,
      {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify(demoLogin),
      },
      { incoming: { socket: { remoteAddress: '10.0.0.2' } } },
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('set-cookie')).toMatch(/^tery_session=/)
    expect(response.headers.get('set-cookie')).not.toContain('Secure')
    expect(response.headers.get('strict-transport-security')).toBeNull()
  })
})

describe('without TRUST_PROXY', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({ seed: 'demo' })
  })

  afterAll(async () => {
    await server.close()
  })

  it('gives an absolute https:// request line over plain HTTP no Secure cookie and no HSTS', async () => {
    const response = await server.app.request(
      'https://localhost:3000/api/auth/login',
      {
        method: 'POST',
        headers: {
          origin: ORIGIN,
          'content-type': 'application/json',
          'x-forwarded-proto': 'https',
        },
        body: JSON.stringify(demoLogin),
      },
      { incoming: { socket: { remoteAddress: '10.0.0.3' } } },
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('set-cookie')).toMatch(/^tery_session=/)
    expect(response.headers.get('set-cookie')).not.toContain('Secure')
    expect(response.headers.get('strict-transport-security')).toBeNull()
  })
})

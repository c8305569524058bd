import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Session } from '../../contract/auth'
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/db/seed/players'
import { COMPRESS_MIN_BYTES } from '../../server/http/compression'
import { BASE, startTestServer, type TestServer } from './support/test-server'

let server: TestServer
let cookie: string

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' })
  const login = await server.call<Session>('/api/auth/login', {
    body: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
  })
  cookie = login.cookie as string
})

afterAll(async () => {
  await server.close()
})

const get = (path: string, acceptEncoding?: string) =>
  server.app.request(`${BASE}${path}`, {
    headers: {
      cookie,
      ...(acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding }),
    },
  })

describe('compressed JSON answers', () => {
  // The game's rules are compressed once; the demo player's leaderboard on the request.
  it.each(['/api/config', '/api/leaderboard'])(
    '%s: a large answer in the encoding the caller prefers, the same JSON once decoded',
    async (path) => {
      const plain = await get(path)
      expect(plain.status).toBe(200)
      expect(plain.headers.get('content-encoding')).toBeNull()
      const text = await plain.text()
      expect(Buffer.byteLength(text)).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES)

      const brotli = await get(path, 'gzip, deflate, br, zstd')
      expect(brotli.headers.get('content-encoding')).toBe('br')
      const brotliBytes = Buffer.from(await brotli.arrayBuffer())
      expect(brotliBytes.length).toBeLessThan(Buffer.byteLength(text) / 2)
      expect(brotliDecompressSync(brotliBytes).toString()).toBe(text)

      const gzipped = await get(path, 'gzip;q=1.0, br;q=0')
      expect(gzipped.headers.get('content-encoding')).toBe('gzip')
      expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(text)
    },
  )

  it("sends the game's rules at Brotli's best quality, not the request's fast one", async () => {
    const text = await (await get('/api/config')).text()
    const best = brotliCompressSync(text, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    })
    const answer = await get('/api/config', 'gzip, deflate, br, zstd')
    expect(answer.headers.get('content-encoding')).toBe('br')
    const bytes = Buffer.from(await answer.arrayBuffer())
    // The fast settings (quality 2) come out about 25% larger than the best.
    expect(bytes.length).toBeLessThanOrEqual(best.length + 16)
    expect(brotliDecompressSync(bytes).toString()).toBe(text)
  })

  it('keeps the status, the type and the security headers of the answer it compresses', async () => {
    const brotli = await get('/api/config', 'br')
    expect(brotli.status).toBe(200)
    expect(brotli.headers.get('content-type')).toBe('application/json')
    expect(brotli.headers.get('cache-control')).toBe('no-store')
    expect(brotli.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(brotli.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('sends a small answer as it is, with its length, whatever the caller accepts', async () => {
    const session = await get('/api/auth/session', 'gzip, deflate, br, zstd')
    expect(session.status).toBe(200)
    expect(session.headers.get('content-encoding')).toBeNull()
    const text = await session.text()
    expect(session.headers.get('content-length')).toBe(String(Buffer.byteLength(text)))
    expect(JSON.parse(text)).toMatchObject({ status: 200, data: { email: DEMO_EMAIL } })

    const refused = await server.app.request(`${BASE}/api/user/profile`, {
      headers: { 'Accept-Encoding': 'br, gzip' },
    })
    expect(refused.status).toBe(401)
    expect(refused.headers.get('content-encoding')).toBeNull()
    expect(refused.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(await refused.json()).toEqual({
      status: 401,
      message: 'La sesión ha terminado',
      data: null,
    })
  })
})

import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { idempotencyKeys, rateLimits, sessions } from '../../server/db/schema'
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/db/seed/players'
import { sweepExpired } from '../../server/services/maintenance'
import { startTestServer, type TestServer } from './support/test-server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' })
})

afterAll(async () => {
  await server.close()
})

describe('sweepExpired', () => {
  it('deletes idle rate limits, idempotency keys past 24 hours and ended sessions, and keeps the rest', async () => {
    const { db } = server
    const live = await server.call<{ id: string }>('/api/auth/login', {
      body: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    })
    const userId = live.body.data.id
    await db.insert(rateLimits).values([
      { key: 'test:idle', hits: 3, windowEndsAt: sql`now() - interval '25 hours'` },
      { key: 'test:recent', hits: 3, windowEndsAt: sql`now() - interval '1 hour'` },
    ])
    await db.insert(idempotencyKeys).values([
      { userId, key: 'ayer', fingerprint: 'f', createdAt: sql`now() - interval '25 hours'` },
      { userId, key: 'hoy', fingerprint: 'f' },
    ])
    await db.insert(sessions).values([
      { tokenHash: 'expired', userId, expiresAt: sql`now() - interval '1 minute'` },
      {
        tokenHash: 'idle',
        userId,
        lastSeenAt: sql`now() - interval '8 days'`,
        expiresAt: sql`now() + interval '1 day'`,
      },
    ])

    await sweepExpired(db)

    const keys = await db.select({ key: rateLimits.key }).from(rateLimits)
    expect(keys.map((row) => row.key)).toContain('test:recent')
    expect(keys.map((row) => row.key)).not.toContain('test:idle')
    const answers = await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)
    expect(answers.map((row) => row.key)).toEqual(['hoy'])
    const left = await db.select({ tokenHash: sessions.tokenHash }).from(sessions)
    expect(left.map((row) => row.tokenHash)).not.toContain('expired')
    expect(left.map((row) => row.tokenHash)).not.toContain('idle')
    expect((await server.call('/api/auth/session', { cookie: live.cookie })).status).toBe(200)
  })
})

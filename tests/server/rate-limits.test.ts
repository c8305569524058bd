import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../server/db/client'
import { rateLimits } from '../../server/db/schema'
import {
  clearSlots,
  returnSlot,
  takeSlot,
  type LimitPolicy,
  type Slot,
} from '../../server/services/rate-limits'
import { openTestDatabase, type TestDatabase } from './support/test-server'

let database: TestDatabase
let db: Db

beforeAll(async () => {
  database = await openTestDatabase()
  db = database.db
})

afterAll(async () => {
  await database.close()
})

const MINUTE = 60_000
const fiveAMinute: LimitPolicy = { limit: 5, windowMs: MINUTE }
const withLockout: LimitPolicy = {
  limit: 2,
  windowMs: 15 * MINUTE,
  lockout: { firstMs: MINUTE, maxMs: 4 * MINUTE },
}

const newKey = () => `test:${randomBytes(6).toString('hex')}`
const allowed = (slots: Slot[]) => slots.filter((slot) => slot.allowed).length

async function age(key: string, column: 'window_ends_at' | 'blocked_until', by: string) {
  await db.execute(
    sql`update rate_limits set ${sql.raw(column)} = ${sql.raw(column)} - ${by}::interval where key = ${key}`,
  )
}

describe('takeSlot', () => {
  it('gives exactly `limit` slots to 200 simultaneous callers', async () => {
    const key = newKey()
    const slots = await Promise.all(
      Array.from({ length: 200 }, () => takeSlot(db, key, fiveAMinute)),
    )
    expect(allowed(slots)).toBe(5)
    // Refused callers are told to wait for the window's end: at most its minute, never nothing
    // (how much of it is left depends on how long 200 callers took on a loaded machine).
    for (const slot of slots) {
      if (!slot.allowed) {
        expect(slot.retryAfterSeconds).toBeGreaterThan(0)
        expect(slot.retryAfterSeconds).toBeLessThanOrEqual(60)
      }
    }
  })

  it('opens a fresh window once the last one ended', async () => {
    const key = newKey()
    for (let i = 0; i < 6; i += 1) await takeSlot(db, key, fiveAMinute)
    expect(await takeSlot(db, key, fiveAMinute)).toMatchObject({ allowed: false })
    await age(key, 'window_ends_at', '61 seconds')
    expect(await takeSlot(db, key, fiveAMinute)).toEqual({ allowed: true })
  })

  it('locks out for 1, 2, then at most 4 minutes, and does not count attempts during a lockout', async () => {
    const key = newKey()
    const lockouts: number[] = []
    for (let round = 0; round < 4; round += 1) {
      expect(
        allowed([await takeSlot(db, key, withLockout), await takeSlot(db, key, withLockout)]),
      ).toBe(2)
      const refused = await takeSlot(db, key, withLockout)
      if (refused.allowed) throw new Error('the third attempt got a slot')
      lockouts.push(Math.round(refused.retryAfterSeconds / 60))
      // Knocking during the lockout neither extends it nor counts.
      const knock = await takeSlot(db, key, withLockout)
      expect(knock).toEqual({ allowed: false, retryAfterSeconds: refused.retryAfterSeconds })
      await age(key, 'blocked_until', `${refused.retryAfterSeconds + 1} seconds`)
      await age(key, 'window_ends_at', `${refused.retryAfterSeconds + 1} seconds`)
    }
    expect(lockouts).toEqual([1, 2, 4, 4])
  })

  it('forgives past lockouts after a day without attempts', async () => {
    const key = newKey()
    for (let i = 0; i < 3; i += 1) await takeSlot(db, key, withLockout)
    await age(key, 'blocked_until', '25 hours')
    await age(key, 'window_ends_at', '25 hours')
    for (let i = 0; i < 2; i += 1) await takeSlot(db, key, withLockout)
    const refused = await takeSlot(db, key, withLockout)
    expect(refused).toMatchObject({ allowed: false })
    if (!refused.allowed) expect(Math.round(refused.retryAfterSeconds / 60)).toBe(1)
  })

  it('takes a returned slot again, and forgets a cleared key', async () => {
    const key = newKey()
    for (let i = 0; i < 5; i += 1) await takeSlot(db, key, fiveAMinute)
    await returnSlot(db, key)
    expect(await takeSlot(db, key, fiveAMinute)).toEqual({ allowed: true })
    expect(await takeSlot(db, key, fiveAMinute)).toMatchObject({ allowed: false })
    await clearSlots(db, key)
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, key))).toEqual([])
    expect(await takeSlot(db, key, fiveAMinute)).toEqual({ allowed: true })
  })
})

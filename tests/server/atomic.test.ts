import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq, sql } from 'drizzle-orm'
import { integer, pgTable, text } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, Tx } from '../../server/db/client'
import {
  advisoryLockId,
  claimOnce,
  MAX_TRANSACTION_ATTEMPTS,
  withAdvisoryLock,
  withSerializableRetry,
} from '../../server/services/atomic'
import { onPostgres, openTestDatabase, type TestDatabase } from './support/test-server'

/** A table of this test only: a reward to claim, and a counter to race on. */
const prizes = pgTable('test_prizes', {
  id: integer('id').primaryKey(),
  state: text('state').notNull(),
  claimedBy: integer('claimed_by'),
  counter: integer('counter').notNull().default(0),
})

let database: TestDatabase
let db: Db
let nextId = 1

beforeAll(async () => {
  database = await openTestDatabase()
  db = database.db
  await db.execute(
    sql`create table test_prizes (id integer primary key, state text not null,
          claimed_by integer, counter integer not null default 0)`,
  )
})

afterAll(async () => {
  await database.close()
})

async function newPrize() {
  const id = nextId++
  await db.insert(prizes).values({ id, state: 'claimable' })
  return id
}

async function counterOf(id: number) {
  const [row] = await db.select({ counter: prizes.counter }).from(prizes).where(eq(prizes.id, id))
  return row?.counter ?? -1
}

/** The check-then-write every pattern below replaces: read, think, write what was read plus one. */
async function incrementByReading(tx: Tx, id: number, pause: () => Promise<void>) {
  const [row] = await tx.select({ counter: prizes.counter }).from(prizes).where(eq(prizes.id, id))
  await pause()
  await tx
    .update(prizes)
    .set({ counter: (row?.counter ?? 0) + 1 })
    .where(eq(prizes.id, id))
}

describe('claimOnce', () => {
  it('lets exactly one of 50 simultaneous claims win, and tells the others', async () => {
    const id = await newPrize()
    const claims = await Promise.all(
      Array.from({ length: 50 }, (_, player) =>
        db.transaction((tx) =>
          claimOnce(
            tx
              .update(prizes)
              .set({ state: 'claimed', claimedBy: player })
              .where(and(eq(prizes.id, id), eq(prizes.state, 'claimable')))
              .returning(),
          ),
        ),
      ),
    )
    const winners = claims.filter((claim) => claim !== null)
    expect(winners).toHaveLength(1)
    const [row] = await db.select().from(prizes).where(eq(prizes.id, id))
    expect(row).toMatchObject({ state: 'claimed', claimedBy: winners[0]?.claimedBy })
  })

  it('throws when its condition matched more than one row', async () => {
    await newPrize()
    await newPrize()
    await expect(
      claimOnce(
        db
          .update(prizes)
          .set({ state: 'claimable' })
          .where(eq(prizes.state, 'claimable'))
          .returning(),
      ),
    ).rejects.toThrow('claimOnce changed')
  })
})

describe('withAdvisoryLock', () => {
  it('runs 20 simultaneous read-then-write transactions on one key one after the other', async () => {
    const id = await newPrize()
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction(async (tx) => {
          await withAdvisoryLock(tx, `prize:${id}`)
          await incrementByReading(tx, id, () => sleep(5))
        }),
      ),
    )
    expect(await counterOf(id)).toBe(20)
  })

  it('names every key with a stable 64-bit number', () => {
    expect(advisoryLockId('prize:1')).toBe(advisoryLockId('prize:1'))
    expect(advisoryLockId('prize:1')).not.toBe(advisoryLockId('prize:2'))
    expect(advisoryLockId('offers:7b0c')).toBe(8_168_874_344_765_978_753n)
  })

  it.runIf(onPostgres)('is needed: without it, the same transactions lose updates', async () => {
    const id = await newPrize()
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction((tx) => incrementByReading(tx, id, () => sleep(20))),
      ),
    )
    expect(await counterOf(id)).toBeLessThan(20)
  })
})

describe('withSerializableRetry', () => {
  it('gets colliding read-then-write transactions all through, each counted once', async () => {
    const id = await newPrize()
    // Each round of collisions lets at least one commit, so this many always get through.
    const racers = MAX_TRANSACTION_ATTEMPTS
    let attempts = 0
    let read = 0
    // On PostgreSQL every first attempt waits until all have read, so they surely collide.
    // PGlite runs one transaction at a time: waiting there would wait forever.
    const allRead = async () => {
      read += 1
      const deadline = Date.now() + 5_000
      while (onPostgres && read < racers && Date.now() < deadline) await sleep(5)
    }
    await Promise.all(
      Array.from({ length: racers }, () => {
        let first = true
        return withSerializableRetry(db, async (tx) => {
          attempts += 1
          const pause = first ? allRead : () => Promise.resolve()
          first = false
          await incrementByReading(tx, id, pause)
        })
      }),
    )
    expect(await counterOf(id)).toBe(racers)
    if (onPostgres) expect(attempts).toBeGreaterThan(racers)
  })

  it(`gives up after ${MAX_TRANSACTION_ATTEMPTS} conflicts and does not retry other errors`, async () => {
    const conflict = Object.assign(new Error('could not serialize access'), { code: '40001' })
    let attempts = 0
    await expect(
      withSerializableRetry(db, async () => {
        attempts += 1
        throw conflict
      }),
    ).rejects.toBe(conflict)
    expect(attempts).toBe(MAX_TRANSACTION_ATTEMPTS)

    attempts = 0
    await expect(
      withSerializableRetry(db, async () => {
        attempts += 1
        throw new Error('no es un conflicto')
      }),
    ).rejects.toThrow('no es un conflicto')
    expect(attempts).toBe(1)
  })
})

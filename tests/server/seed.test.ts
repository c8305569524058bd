import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { count, eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openPostgres, selectRows, type Database } from '../../server/db/client'
import { seedDemo, seedDemoOnce } from '../../server/db/seed'
import { users } from '../../server/db/schema'
import { checkLedgerInvariant } from '../../server/services/ledger'
import { listAvailable } from '../../server/services/missions'
import { DEMO_EMAIL } from '../../server/db/seed/players'
import { onPostgres, openTestDatabase, type TestDatabase } from './support/test-server'

let database: TestDatabase
let dataDir: string

beforeEach(async () => {
  database = await openTestDatabase()
  dataDir = mkdtempSync(join(tmpdir(), 'tery-seed-'))
})

afterEach(async () => {
  await database.close()
  rmSync(dataDir, { recursive: true, force: true })
})

function postgresUrl(): string {
  if (!database.url) throw new Error('The test database is not on PostgreSQL')
  return database.url
}

async function playerCount(db: Database['db']): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users)
  return row?.n ?? 0
}

describe('the demo seed at start (SEED=demo)', () => {
  it('seeds an empty database, and a later start finds the players and seeds nothing', async () => {
    expect(await seedDemoOnce(database, dataDir)).toBe(true)
    const seeded = await playerCount(database.db)
    expect(seeded).toBeGreaterThan(30)
    expect(await seedDemoOnce(database, dataDir)).toBe(false)
    expect(await playerCount(database.db)).toBe(seeded)
    expect(await checkLedgerInvariant(database.db)).toEqual([])
  })

  describe.runIf(onPostgres)('on one PostgreSQL shared by several servers', () => {
    it('seeds once when two servers start at the same moment, and both start', async () => {
      const other = openPostgres(postgresUrl(), { max: 2 })
      try {
        const seeded = await Promise.all([
          seedDemoOnce(database, dataDir),
          seedDemoOnce(other, dataDir),
        ])
        expect(seeded.filter(Boolean)).toHaveLength(1)
        expect(await checkLedgerInvariant(database.db)).toEqual([])
        const [demo] = await selectRows<{ n: string }>(
          database.db,
          sql`select count(*)::text as n from users where code = 'TERYDEMO'`,
        )
        expect(demo?.n).toBe('1')
      } finally {
        await other.close()
      }
    })

    it('leaves nothing behind when the server dies while seeding, and the next start seeds', async () => {
      // A process seeding the database, killed with SIGKILL once it holds the seed's lock.
      const seeding = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          `const { openPostgres } = await import('./server/db/client.ts')
           const { seedDemoOnce } = await import('./server/db/seed/index.ts')
           await seedDemoOnce(openPostgres(process.env.SEED_URL), process.env.SEED_DIR)`,
        ],
        { env: { ...process.env, SEED_URL: postgresUrl(), SEED_DIR: dataDir }, stdio: 'ignore' },
      )
      const exited = new Promise((done) => seeding.once('exit', done))
      await expect
        .poll(
          async () =>
            (
              await selectRows(
                database.db,
                sql`select 1 from pg_locks where locktype = 'advisory' and granted
                    and database = (select oid from pg_database where datname = current_database())`,
              )
            ).length,
          { timeout: 30_000, interval: 20 },
        )
        .toBe(1)
      seeding.kill('SIGKILL')
      await exited
      expect(await playerCount(database.db)).toBe(0)

      expect(await seedDemoOnce(database, dataDir)).toBe(true)
      expect(await playerCount(database.db)).toBeGreaterThan(30)
      expect(await checkLedgerInvariant(database.db)).toEqual([])
    }, 60_000)
  })
})

describe("the demo seed on its clock (seedDemo's now)", () => {
  const WEEK_MS = 7 * 24 * 60 * 60 * 1000

  it.each([
    ['Sunday 23:55', '2026-06-15T04:55:00Z'],
    ['Monday 00:05', '2026-06-15T05:05:00Z'],
    // After 18:00 in Bogota: yesterday's coupon must still be yesterday's.
    ['Friday 19:30', '2026-06-13T00:30:00Z'],
  ])(
    'stamps what the services did for the demo player on that clock, at %s in Bogota',
    async (_moment, iso) => {
      const now = new Date(iso)
      await seedDemo(database.db, undefined, now)
      expect(await checkLedgerInvariant(database.db)).toEqual([])

      const moves = await selectRows<{ kind: string; at: string | Date }>(
        database.db,
        sql`select t.kind, t.created_at as at
          from ledger_transfers t
          join accounts a on a.id in (t.from_account_id, t.to_account_id)
          join users u on u.id = a.user_id
          where u.email = 'demo@tery.example'`,
      )
      // Signup's welcome and referral rewards, the players' seed, then a week of play: missions,
      // videos, trainings, coupons, the lottery, the market and the mine.
      const kinds = new Set(moves.map(({ kind }) => kind.split('.')[0]))
      for (const kind of ['welcome', 'referral', 'seed']) expect(kinds.has(kind)).toBe(true)
      expect(kinds.size).toBeGreaterThan(8)
      const outside = moves.filter(({ at }) => {
        const time = new Date(at).getTime()
        return time > now.getTime() || time < now.getTime() - 5 * WEEK_MS
      })
      expect(outside).toEqual([])

      const joined = await selectRows<{ at: string | Date }>(
        database.db,
        sql`select distinct created_at as at from users`,
      )
      expect(joined.map(({ at }) => new Date(at).toISOString())).toEqual([now.toISOString()])

      // The first page of YouTube missions shows today's play in each state: what was claimed
      // yesterday (the earlier coupon) has left it, the day's claimable mission is not pushed off.
      const [demo] = await database.db.select().from(users).where(eq(users.email, DEMO_EMAIL))
      const youtube = await listAvailable(database.db, demo?.id ?? '', 2, 1, now)
      expect(youtube.docs.map((mission) => mission.state)).toEqual(
        expect.arrayContaining(['claimed', 'claimable', 'added']),
      )
    },
  )
})

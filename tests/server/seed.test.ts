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
import {
  CROSS_ORIGIN_EMAIL,
  DEMO_EMAIL,
  E2E_PLAYERS,
  KEYBOARD_EMAIL,
} from '../../server/db/seed/players'
import { PENALIZED_EMAIL } from '../../server/db/seed/mining'
import { runJobOnce } from '../../server/services/jobs'
import { getRankProgress } from '../../server/services/progress'
import { RANK_REQUIREMENTS, rankForTeam } from '../../server/services/rules'
import { SCHEDULED_JOBS } from '../../server/services/scheduled-jobs'
import { countReferrals, teamTreeDrift } from '../../server/services/team-tree'
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

describe('the demo seed, as the rules see it', () => {
  // A Wednesday afternoon in Bogota.
  const now = new Date('2026-06-17T20:00:00Z')

  it('gives every seeded player the rank of the members who played, and the demo player only the gems that team reached', async () => {
    await seedDemo(database.db, undefined, now)
    expect(await teamTreeDrift(database.db)).toEqual([])
    const players = await database.db.select().from(users)
    for (const player of players) {
      const qualified = await countReferrals(database.db, player.id, 'qualified')
      expect(
        { email: player.email, rank: player.rankIndex },
        'the rank rankForTeam gives the qualified team',
      ).toEqual({ email: player.email, rank: rankForTeam(qualified.team, qualified.direct) })
    }

    // The demo player's team: all 37 signed up, 22 of them played (the three direct referrals
    // among them), which is Bronce III (15 and 3), short of Plata I (30 and 4).
    const demo = players.find((player) => player.email === DEMO_EMAIL)
    if (!demo) throw new Error('No demo player')
    expect(await countReferrals(database.db, demo.id)).toEqual({ direct: 3, team: 37 })
    expect(await countReferrals(database.db, demo.id, 'qualified')).toEqual({ direct: 3, team: 22 })
    const progress = await getRankProgress(database.db, demo.id, now)
    expect(progress.rank.name).toBe('Bronce III')
    expect(progress.qualified).toEqual({ direct: 3, team: 22 })
    expect(progress.claimable).toEqual([2, 1, 0])
    for (const index of progress.claimable) {
      const requirement = RANK_REQUIREMENTS[index]
      expect(progress.qualified.team).toBeGreaterThanOrEqual(requirement?.team ?? Infinity)
      expect(progress.qualified.direct).toBeGreaterThanOrEqual(requirement?.direct ?? Infinity)
    }
    expect(progress.next).toMatchObject({ name: 'Plata I', missingTeam: 8, missingDirect: 1 })

    // A member's first play paid their sponsor once: the demo player, once per direct referral.
    const [paid] = await selectRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from ledger_transfers t
          join accounts a on a.id = t.to_account_id
          where t.kind = 'referral' and a.user_id = ${demo.id}`,
    )
    expect(paid?.n).toBe(3)
  })

  it('has every player join before anything of theirs happened, sponsors before their referrals', async () => {
    await seedDemo(database.db, undefined, now)
    const joined = await selectRows<{ email: string; at: string | Date; sponsor: string | Date }>(
      database.db,
      sql`select u.email, u.created_at as at, p.created_at as sponsor
          from users u left join users p on p.id = u.parent_id`,
    )
    for (const { email, at, sponsor } of joined) {
      expect(new Date(at).getTime(), email).toBeLessThan(now.getTime())
      if (sponsor) expect(new Date(sponsor).getTime(), email).toBeLessThan(new Date(at).getTime())
    }

    const early = await selectRows<{ email: string; kind: string }>(
      database.db,
      sql`select u.email, t.kind from ledger_transfers t
          join accounts a on a.id in (t.from_account_id, t.to_account_id)
          join users u on u.id = a.user_id
          where t.created_at < u.created_at`,
    )
    expect(early).toEqual([])

    // Every other record of a player: each table with a user_id, each of its instants but the
    // start of a week (the week a player joined began before they did).
    const columns = await selectRows<{ table: string; column: string }>(
      database.db,
      sql`select c.table_name as table, c.column_name as column
          from information_schema.columns c
          where c.table_schema = current_schema() and c.data_type like 'timestamp%'
            and c.column_name <> 'week_start' and c.table_name <> 'users'
            and exists (select 1 from information_schema.columns k
                        where k.table_schema = c.table_schema and k.table_name = c.table_name
                          and k.column_name = 'user_id')`,
    )
    expect(columns.length).toBeGreaterThan(10)
    const before: string[] = []
    for (const { table, column } of columns) {
      const rows = await selectRows<{ email: string }>(
        database.db,
        sql`select u.email from ${sql.identifier(table)} x join users u on u.id = x.user_id
            where x.${sql.identifier(column)} < u.created_at`,
      )
      before.push(...rows.map(({ email }) => `${table}.${column}: ${email}`))
    }
    expect(before).toEqual([])
  })

  it("leaves no welcome message to a player but the penalized one when a server first looks at the game's jobs", async () => {
    await seedDemo(database.db, undefined, now)
    for (const job of SCHEDULED_JOBS) await runJobOnce(database.db, job, now)
    const told = await selectRows<{ email: string }>(
      database.db,
      sql`select distinct u.email from player_messages m join users u on u.id = m.user_id
          where m.read_at is null`,
    )
    expect(told.map(({ email }) => email)).toEqual([PENALIZED_EMAIL])
    // The journeys' own players find no message either way.
    for (const email of [...E2E_PLAYERS, KEYBOARD_EMAIL, CROSS_ORIGIN_EMAIL]) {
      expect(told.map((row) => row.email)).not.toContain(email)
    }
  })
})

import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { asc, sql } from 'drizzle-orm'
import { afterEach, afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LEDGER_KINDS } from '../../contract/mining'
import type { Profile } from '../../contract/user'
import type { Leaderboard, TeamOverview } from '../../contract/team'
import { MIGRATIONS_FOLDER, selectRows } from '../../server/db/client'
import {
  playerCredits,
  teamLevels,
  teamLinks,
  users,
  weekEarners,
  weeklyGems,
} from '../../server/db/schema'
import { checkLedgerInvariant, transfer } from '../../server/services/ledger'
import { recordFirstPlay } from '../../server/services/referrals'
import { countReferrals, teamTreeDrift } from '../../server/services/team-tree'
import { addChain, addPlayer, cookieOf, HOUR, testClock, type Player } from './support/players'
import { startTestServer, type TestServer } from './support/test-server'

/*
 * The totals kept beside the ledger and the referral tree (decision 019): equal to a recount after
 * every change, the same as the migration's backfill computes, and right when many changes land at
 * once (on PostgreSQL the transactions interleave; PGlite runs them one at a time).
 */

const AT_ONCE = 40
// A Monday 10:00 in Bogota.
const clock = testClock('2026-11-23T15:00:00Z')
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ now: clock.now, seed: 'demo' })
})

afterEach(async () => {
  expect(await teamTreeDrift(server.db)).toEqual([])
  expect(await checkLedgerInvariant(server.db)).toEqual([])
})

afterAll(async () => {
  await server.close()
})

async function storedTotals() {
  const { db } = server
  return {
    credits: await db
      .select()
      .from(playerCredits)
      .orderBy(asc(playerCredits.userId), asc(playerCredits.kind), asc(playerCredits.currency)),
    weeks: await db
      .select()
      .from(weeklyGems)
      .orderBy(asc(weeklyGems.weekStart), asc(weeklyGems.userId)),
    earners: await db.select().from(weekEarners).orderBy(asc(weekEarners.weekStart)),
    links: await db
      .select()
      .from(teamLinks)
      .orderBy(asc(teamLinks.ancestorId), asc(teamLinks.memberId)),
    levels: await db
      .select()
      .from(teamLevels)
      .orderBy(asc(teamLevels.userId), asc(teamLevels.generation)),
    played: await db
      .select({ id: users.id, at: users.firstPlayedAt })
      .from(users)
      .orderBy(asc(users.id)),
  }
}

describe('stored totals', () => {
  it("hold the demo world's figures as the seed wrote them", async () => {
    const totals = await storedTotals()
    expect(totals.credits.length).toBeGreaterThan(0)
    expect(totals.weeks.length).toBeGreaterThan(0)
    expect(totals.earners.length).toBeGreaterThan(0)
    expect(totals.links.length).toBeGreaterThan(0)
    expect(totals.levels.length).toBeGreaterThan(0)
  })

  it("are what migrations 0007's, 0008's, 0012's, 0014's and 0016's backfills compute from the ledger and the tree", async () => {
    const written = await storedTotals()
    /** The migration's statements that start (after their comments) with one of `starts`. */
    const backfill = async (file: string, starts: string[]) => {
      const migration = await readFile(path.join(MIGRATIONS_FOLDER, file), 'utf8')
      return migration
        .split('--> statement-breakpoint')
        .map((statement) => statement.replace(/^\s*(--.*\n\s*)*/, ''))
        .filter((statement) => starts.some((start) => statement.startsWith(start)))
    }
    const statements = [
      ...(await backfill('0007_stored_totals.sql', [
        'INSERT INTO "player_credits"',
        'INSERT INTO "week_gems"',
      ])),
      ...(await backfill('0008_team_and_ranking.sql', [
        'UPDATE "week_gems"',
        'INSERT INTO "team_links"',
        'INSERT INTO "team_levels"',
      ])),
      ...(await backfill('0012_team_levels_qualified.sql', ['UPDATE "team_levels"'])),
      ...(await backfill('0014_first_played.sql', ['UPDATE "users"'])),
      ...(await backfill('0016_week_earners.sql', ['INSERT INTO "week_earners"'])),
    ]
    expect(statements).toHaveLength(8)
    expect(written.played.filter((player) => player.at !== null).length).toBeGreaterThan(1)
    await server.db.transaction(async (tx) => {
      for (const table of [playerCredits, weeklyGems, weekEarners, teamLevels, teamLinks]) {
        await tx.execute(sql`delete from ${table}`)
      }
      // As before 0014: the referral's stamp (0011) on players with a parent, none on the others.
      await tx.execute(sql`alter table ${users} add column referral_paid_at timestamptz`)
      await tx.execute(
        sql`update ${users} set referral_paid_at = first_played_at where parent_id is not null`,
      )
      await tx.execute(sql`update ${users} set first_played_at = null`)
      // As between the two migrations: 0007 wrote the weeks before 0008 added their join date.
      await tx.execute(sql`alter table ${weeklyGems} alter column joined_at drop not null`)
      for (const statement of statements) await tx.execute(sql.raw(statement))
      await tx.execute(sql`alter table ${weeklyGems} alter column joined_at set not null`)
      await tx.execute(sql`alter table ${users} drop column referral_paid_at`)
    })
    expect(await storedTotals()).toEqual(written)
  })

  it('count signups at once under one player in every generation above, down to the eighth', async () => {
    const root = await addPlayer(server.db, { name: 'Raíz Simultánea' })
    // root, then generations 1 to 9 under it; the new players land in generation 10.
    const chain = await addChain(server.db, root, 9)
    const deepest = chain[8] as Player
    const generationTwo = chain[1] as Player
    const before = await Promise.all([root, ...chain].map((p) => countReferrals(server.db, p.id)))

    await Promise.all(
      Array.from({ length: AT_ONCE }, (_, index) =>
        addPlayer(server.db, { parentCode: deepest.code, name: `Simultánea ${index + 1}` }),
      ),
    )

    const after = await Promise.all([root, ...chain].map((p) => countReferrals(server.db, p.id)))
    // Index i is generation i under root; the new players are 10 - i generations below it.
    const grew = after.map((counts, i) => ({
      direct: counts.direct - (before[i]?.direct ?? 0),
      team: counts.team - (before[i]?.team ?? 0),
    }))
    expect(grew).toEqual([
      { direct: 0, team: 0 },
      { direct: 0, team: 0 },
      ...Array.from({ length: 7 }, () => ({ direct: 0, team: AT_ONCE })),
      { direct: AT_ONCE, team: AT_ONCE },
    ])
    const team = await server.call<TeamOverview>('/api/user/team', {
      cookie: await cookieOf(server, generationTwo),
    })
    const { generations } = team.body.data
    expect(after[2]).toEqual({
      direct: generations[0],
      team: generations.reduce((sum, n) => sum + n, 0),
    })
  })

  it('count members who play at once, while others sign up in the same branch', async () => {
    const root = await addPlayer(server.db, { name: 'Raíz Jugadores' })
    const chain = await addChain(server.db, root, 8)
    const deepest = chain[7] as Player
    const players = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, index) =>
        addPlayer(server.db, { parentCode: deepest.code, name: `Jugador ${index + 1}` }),
      ),
    )
    // Each first play counts its player in the eight generations above them; the signups
    // update the same rows from the parent up.
    await Promise.all([
      ...players.map((player) =>
        server.db.transaction((tx) => recordFirstPlay(tx, player, clock.now())),
      ),
      ...players.map((_, index) =>
        addPlayer(server.db, { parentCode: deepest.code, name: `Sin jugar ${index + 1}` }),
      ),
    ])
    expect(await countReferrals(server.db, deepest.id)).toEqual({
      direct: 2 * AT_ONCE,
      team: 2 * AT_ONCE,
    })
    expect(await countReferrals(server.db, deepest.id, 'qualified')).toEqual({
      direct: AT_ONCE,
      team: AT_ONCE,
    })
    // Eight generations below the first of the chain; below the root, out of its team.
    expect(await countReferrals(server.db, chain[0]?.id ?? '', 'qualified')).toEqual({
      direct: 0,
      team: AT_ONCE,
    })
    expect(await countReferrals(server.db, root.id, 'qualified')).toEqual({ direct: 0, team: 0 })
  })

  it('add credits paid at once to one player, each in the Bogota week it was paid', async () => {
    const player = await addPlayer(server.db, { name: 'Cobro Simultáneo' })
    const sundayNight = new Date('2026-11-23T04:59:59Z')
    const amounts = Array.from({ length: AT_ONCE }, (_, index) => index + 1)
    await Promise.all(
      amounts.map((amount, index) =>
        server.db.transaction((tx) =>
          transfer(tx, {
            currency: 'gems',
            from: { system: 'supply' },
            to: { userId: player.id },
            amount,
            kind: LEDGER_KINDS.teamBonus,
            // The first lands on the Sunday before: the week before's total.
            ...(index === 0 ? { at: sundayNight } : { at: clock.now() }),
          }),
        ),
      ),
    )
    const paid = amounts.reduce((sum, n) => sum + n, 0)

    const cookie = await cookieOf(server, player)
    const profile = await server.call<Profile>('/api/user/profile', { cookie })
    expect(profile.status).toBe(200)
    expect(profile.body.data.stats).toMatchObject({ teamBonusGems: paid, weekGems: paid - 1 })
    const board = await server.call<Leaderboard>('/api/leaderboard', { cookie })
    expect(board.body.data.you.gems).toBe(paid - 1)
  })

  it("count each week's earners once, however often and at once they earn, and a new week from 0", async () => {
    const players = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, index) =>
        addPlayer(server.db, { name: `Ganador ${index + 1}` }),
      ),
    )
    const cookie = await cookieOf(server, players[0] as Player)
    const total = async () =>
      (await server.call<Leaderboard>('/api/leaderboard', { cookie })).body.data.totalDocs
    const before = await total()
    const pay = (player: Player) =>
      server.db.transaction((tx) =>
        transfer(tx, {
          currency: 'gems',
          from: { system: 'supply' },
          to: { userId: player.id },
          amount: 1,
          kind: LEDGER_KINDS.teamBonus,
          at: clock.now(),
        }),
      )
    // Three credits each, all at once: on PostgreSQL first credits of different players race
    // for the week's count, and a player's own credits race for their first row.
    await Promise.all([...players, ...players, ...players].map(pay))
    expect(await total()).toBe(before + AT_ONCE)
    const [week] = await selectRows<{ stored: number; counted: number }>(
      server.db,
      sql`select e.players as stored, (select count(*)::int from ${weeklyGems} w
            where w.week_start = e.week_start) as counted
          from ${weekEarners} e order by e.week_start desc limit 1`,
    )
    expect(week).toEqual({ stored: before + AT_ONCE, counted: before + AT_ONCE })

    // A week later nobody has earned yet; then the two who earn are its two.
    clock.advance(7 * 24 * HOUR)
    try {
      expect(await total()).toBe(0)
      await Promise.all([players[0], players[1], players[1]].map((p) => pay(p as Player)))
      expect(await total()).toBe(2)
    } finally {
      clock.advance(-7 * 24 * HOUR)
    }
  })
})

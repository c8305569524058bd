import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCommand } from '../../server/cli'
import { openPostgres, type Db } from '../../server/db/client'
import { penalties, playerMessages, users } from '../../server/db/schema'
import { runJobOnce } from '../../server/services/jobs'
import { assertLedgerInvariant } from '../../server/services/ledger'
import { SCHEDULED_JOBS } from '../../server/services/scheduled-jobs'
import { runWeeklyReset } from '../../server/services/weekly-reset'
import { addChain, addPlayer, cookieOf, pay, testClock, type Player } from './support/players'
import { startTestServer, type TestServer } from './support/test-server'

// Monday 23 November 2026, thirty seconds after midnight in Bogota: the week of the 16th ended.
const MONDAY = new Date('2026-11-23T05:00:30Z')
const clock = testClock('2026-11-18T15:00:00Z')
const longAgo = new Date('2026-11-01T12:00:00Z')
let server: TestServer
let active: Player
let idle: Player
let newcomer: Player
let climber: Player
let farmer: Player

const weeklyReset = SCHEDULED_JOBS.find((job) => job.name === 'weekly-reset')

beforeAll(async () => {
  server = await startTestServer({ now: clock.now })
  active = await addPlayer(server.db, { name: 'Andrés Activo', createdAt: longAgo })
  idle = await addPlayer(server.db, { name: 'Irene Inactiva', createdAt: longAgo })
  newcomer = await addPlayer(server.db, {
    name: 'Nora Nueva',
    createdAt: new Date('2026-11-20T12:00:00Z'),
  })
  climber = await addPlayer(server.db, { name: 'Camilo Sube', createdAt: longAgo })
  // Five in the team with two direct referrals, who played: Bronce II, not promoted yet.
  await addChain(server.db, climber, 4, { played: true })
  await addPlayer(server.db, { parentCode: climber.code, played: true })
  // The same team, of signups that never played: it counts for no rank (issue 29).
  farmer = await addPlayer(server.db, { name: 'Franco Granja', createdAt: longAgo })
  await addChain(server.db, farmer, 4)
  await addPlayer(server.db, { parentCode: farmer.code })
  // The active player fuels a station on Wednesday and a referral of theirs earns gems.
  const cookie = await cookieOf(server, active)
  expect(
    (await server.call('/api/user/node/activate', { cookie, body: { station: 1 } })).status,
  ).toBe(200)
  const referral = await addPlayer(server.db, { parentCode: active.code })
  await pay(server.db, referral, 'gems', 30, {
    kind: 'mission.claim',
    at: new Date('2026-11-19T12:00:00Z'),
  })
})

afterAll(async () => {
  await assertLedgerInvariant(server.db)
  await server.close()
})

async function messagesOf(player: Player) {
  return server.db
    .select({ kind: playerMessages.kind, payload: playerMessages.payload })
    .from(playerMessages)
    .where(eq(playerMessages.userId, player.id))
    .orderBy(playerMessages.createdAt)
}

async function rankIndexOf(player: Player) {
  const [row] = await server.db
    .select({ rankIndex: users.rankIndex })
    .from(users)
    .where(eq(users.id, player.id))
  return row?.rankIndex
}

/** A second server on the same database: on PostgreSQL its own connections. */
async function secondServerDb(): Promise<{ db: Db; close: () => Promise<void> }> {
  const url = server.database.url
  if (!url) return { db: server.db, close: async () => {} }
  const database = openPostgres(url, { max: 4 })
  return { db: database.db, close: database.close }
}

describe('the weekly reset', () => {
  it('runs once for the week when two servers look at the same moment', async () => {
    if (!weeklyReset) throw new Error('weekly-reset is not a scheduled job')
    const other = await secondServerDb()
    const outcomes = await Promise.all([
      runJobOnce(server.db, weeklyReset, MONDAY),
      runJobOnce(other.db, weeklyReset, MONDAY),
    ])
    await other.close()
    expect(outcomes.sort()).toEqual(['already ran', 'ran'])
    const lines: string[] = []
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) }
    expect(await runCommand(server.db, ['run-job', 'weekly-reset'], io)).toBe(0)
    expect(lines).toEqual(['weekly-reset: already ran'])
  })

  it('penalizes the players who fueled no station all week, sparing those who joined in it', async () => {
    const rows = await server.db
      .select({ userId: penalties.userId, week: penalties.week })
      .from(penalties)
    expect(rows.map((row) => [row.userId, row.week]).sort()).toEqual(
      [
        [idle.id, '2026-11-16'],
        [climber.id, '2026-11-16'],
        [farmer.id, '2026-11-16'],
      ].sort(),
    )
    expect(await messagesOf(idle)).toEqual([
      { kind: 'weeklyReset', payload: { week: '2026-11-16', teamGems: 0 } },
      { kind: 'penalty', payload: { week: '2026-11-16', penalties: 1 } },
    ])
    expect(await messagesOf(newcomer)).toEqual([
      { kind: 'weeklyReset', payload: { week: '2026-11-16', teamGems: 0 } },
    ])
  })

  it('tells each player what their team earned in the week that ended', async () => {
    expect(await messagesOf(active)).toEqual([
      { kind: 'weeklyReset', payload: { week: '2026-11-16', teamGems: 30 } },
    ])
  })

  it('promotes a player whose team reached a higher rank, with a message', async () => {
    expect(await rankIndexOf(climber)).toBe(1)
    // It fueled nothing either: the week's message, the penalty, then the new rank.
    expect(await messagesOf(climber)).toEqual([
      { kind: 'weeklyReset', payload: { week: '2026-11-16', teamGems: 0 } },
      { kind: 'penalty', payload: { week: '2026-11-16', penalties: 1 } },
      { kind: 'newRank', payload: { rankIndex: 1, rankName: 'Bronce II', percent: 5 } },
    ])
  })

  it('promotes nobody for members who never played', async () => {
    expect(await rankIndexOf(farmer)).toBe(0)
    expect((await messagesOf(farmer)).map((message) => message.kind)).not.toContain('newRank')
  })

  it('changes nothing more when its work runs again for the same week', async () => {
    await server.db.transaction((tx) => runWeeklyReset(tx, '2026-11-23', MONDAY))
    expect(await messagesOf(idle)).toHaveLength(2)
    const open = await server.db.select().from(penalties).where(eq(penalties.userId, idle.id))
    expect(open).toHaveLength(1)
  })
})

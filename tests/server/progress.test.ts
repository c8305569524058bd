import { and, count, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { PayoutDetail } from '../../contract/mining'
import type { RankProgress, RankReward, RankRewardClaim } from '../../contract/progress'
import { accounts, ledgerTransfers } from '../../server/db/schema'
import { assertLedgerInvariant, getBalances } from '../../server/services/ledger'
import { RANK_REQUIREMENTS, rankForTeam, REFERRAL_REWARD_GEMS } from '../../server/services/rules'
import { recordFirstPlay } from '../../server/services/referrals'
import { addChain, addPlayer, cookieOf, testClock, type Player } from './support/players'
import { rowCounts, startTestServer, type TestServer } from './support/test-server'

// Wednesday 18 November 2026, 10:00 in Bogota: the week resets on Monday the 23rd at 00:00.
const clock = testClock('2026-11-18T15:00:00Z')
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ now: clock.now })
})

afterEach(async () => {
  await assertLedgerInvariant(server.db)
})

afterAll(async () => {
  await server.close()
})

/**
 * A player who played, with two direct referrals and five members in all: Bronce II is reached
 * when they `played`, and not when they never did (issue 29: ranks count members who played).
 */
async function playerAtBronceTwo(
  played = true,
): Promise<{ player: Player; cookie: string; team: Player[] }> {
  const player = await addPlayer(server.db, { name: 'Sofía Rangos', played: true })
  const first = await addPlayer(server.db, { parentCode: player.code, played })
  const second = await addPlayer(server.db, { parentCode: player.code, played })
  const chain = await addChain(server.db, first, 3, { played })
  return { player, cookie: await cookieOf(server, player), team: [first, second, ...chain] }
}

const claim = (cookie: string, gainRewardTarget: unknown) =>
  server.call<RankRewardClaim>('/api/user/gainReward', {
    method: 'PATCH',
    cookie,
    body: { gainRewardTarget },
  })

async function rankRewardsOf(player: Player): Promise<number> {
  const [row] = await server.db
    .select({ n: count() })
    .from(ledgerTransfers)
    .innerJoin(accounts, eq(accounts.id, ledgerTransfers.toAccountId))
    .where(and(eq(accounts.userId, player.id), eq(ledgerTransfers.kind, 'rank.reward')))
  return row?.n ?? 0
}

describe('rank thresholds', () => {
  it('reaches each rank exactly at its team and direct referral counts, and not one short', () => {
    RANK_REQUIREMENTS.forEach(({ team, direct }, index) => {
      expect(rankForTeam(team, direct)).toBe(index)
      if (index === 0) return
      expect(rankForTeam(team - 1, direct)).toBe(index - 1)
      expect(rankForTeam(team, direct - 1)).toBeLessThan(index)
    })
    expect(rankForTeam(1_000_000, 1_000)).toBe(11)
  })
})

describe('GET /api/node/progress', () => {
  it("shows a new player's rank, the next one and the week's time left", async () => {
    const player = await addPlayer(server.db)
    const result = await server.call<RankProgress>('/api/node/progress', {
      cookie: await cookieOf(server, player),
    })
    expect(result.status).toBe(200)
    const progress = result.body.data
    expect(progress).toMatchObject({
      rank: { index: 0, name: 'Bronce I', percent: 4 },
      team: 0,
      direct: 0,
      next: { index: 1, name: 'Bronce II', missingTeam: 5, missingDirect: 2, percent: 0 },
      week: {
        start: '2026-11-16T05:00:00.000Z',
        end: '2026-11-23T05:00:00.000Z',
        secondsLeft: (4 * 24 + 14) * 3600,
      },
    })
    expect(progress.ranks).toHaveLength(12)
    expect(progress.ranks.map((r) => r.gems)).toEqual([
      10, 20, 40, 70, 120, 200, 350, 600, 1000, 1600, 2500, 4000,
    ])
    expect(progress.ranks.map((r) => r.percent)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15])
    expect(progress.ranks.filter((r) => r.reached).map((r) => r.index)).toEqual([0])
  })

  it('marks the ranks a team reaches before any promotion', async () => {
    const { cookie } = await playerAtBronceTwo()
    const progress = (await server.call<RankProgress>('/api/node/progress', { cookie })).body.data
    expect(progress).toMatchObject({
      rank: { index: 0 },
      team: 5,
      direct: 2,
      next: { index: 2, name: 'Bronce III', missingTeam: 10, missingDirect: 1, percent: 33 },
    })
    expect(progress.ranks.filter((r) => r.reached).map((r) => r.index)).toEqual([0, 1])
    // Reached and unclaimed, highest first: what the page announces.
    expect(progress.claimable).toEqual([1, 0])
  })
})

describe('rank gems', () => {
  it('tells whether a rank’s gems can be claimed', async () => {
    const { cookie } = await playerAtBronceTwo()
    const reward = await server.call<RankReward>('/api/user/gainReward?gainRewardTarget=1', {
      cookie,
    })
    expect(reward.body.data).toEqual({
      rankIndex: 1,
      name: 'Bronce II',
      gems: 20,
      reached: true,
      claimed: false,
      played: true,
    })
    const far = await server.call<RankReward>('/api/user/gainReward?gainRewardTarget=11', {
      cookie,
    })
    expect(far.body.data).toMatchObject({ reached: false, gems: 4000 })
    const bad = await server.call('/api/user/gainReward?gainRewardTarget=12', { cookie })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('El rango debe estar entre 0 y 11')
  })

  it('pays a reached rank’s gems once and promotes the player to it', async () => {
    const { player, cookie } = await playerAtBronceTwo()
    const result = await claim(cookie, 1)
    expect(result.status).toBe(200)
    expect(result.body.message).toBe('Reclamaste las gemas de tu rango')
    expect(result.body.data).toMatchObject({
      rankIndex: 1,
      gems: 20,
      claimed: true,
      rank: { index: 1, name: 'Bronce II', percent: 5 },
    })
    // The rank's 20 gems and the two direct referrals' rewards, paid when they played.
    expect(result.body.data.balances.gems).toBe(20 + 2 * REFERRAL_REWARD_GEMS)
    const payout = await server.call<PayoutDetail>(
      `/api/node/payouts/${result.body.data.payoutId}`,
      { cookie },
    )
    expect(payout.body.data).toMatchObject({
      kind: 'rank.reward',
      amount: 20,
      cause: { rankIndex: 1, rankName: 'Bronce II', team: 5, direct: 2 },
    })

    const again = await claim(cookie, 1)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Ya reclamaste las gemas de ese rango')
    const progress = (await server.call<RankProgress>('/api/node/progress', { cookie })).body.data
    expect(progress.rank.index).toBe(1)
    expect(progress.ranks[1]).toMatchObject({ reached: true, claimed: true })
    expect(progress.claimable).toEqual([0])
    expect(await rankRewardsOf(player)).toBe(1)
  })

  it('counts only the members who played: a team that never did reaches nothing, then each who plays counts', async () => {
    const { player, cookie, team } = await playerAtBronceTwo(false)
    const progressNow = async () =>
      (await server.call<RankProgress>('/api/node/progress', { cookie })).body.data
    expect(await progressNow()).toMatchObject({
      team: 5,
      direct: 2,
      qualified: { team: 0, direct: 0 },
      next: { index: 1, name: 'Bronce II', missingTeam: 5, missingDirect: 2, percent: 0 },
      claimable: [0],
    })
    const refused = await claim(cookie, 1)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe('Aún no alcanzas ese rango')

    // They play one by one (the step a first mission claim or video finish takes).
    for (const [played, member] of team.entries()) {
      await server.db.transaction((tx) => recordFirstPlay(tx, member, clock.now()))
      if (played < team.length - 1) {
        expect((await progressNow()).qualified.team).toBe(played + 1)
        expect((await claim(cookie, 1)).status).toBe(409)
      }
    }
    expect(await progressNow()).toMatchObject({
      qualified: { team: 5, direct: 2 },
      next: { index: 2, missingTeam: 10, missingDirect: 1 },
      claimable: [1, 0],
    })
    expect((await claim(cookie, 1)).status).toBe(200)
    expect(await rankRewardsOf(player)).toBe(1)
  })

  it('keeps every rank’s gems, Bronce I’s too, from a player who never played, until they play', async () => {
    // Issue 29: Bronce I needs no team, so every farmed signup claimed 10 gems it could send on.
    const player = await addPlayer(server.db, { name: 'Cuenta Nueva' })
    const cookie = await cookieOf(server, player)
    const reward = await server.call<RankReward>('/api/user/gainReward?gainRewardTarget=0', {
      cookie,
    })
    expect(reward.body.data).toMatchObject({ rankIndex: 0, reached: true, played: false })
    const progressNow = async () =>
      (await server.call<RankProgress>('/api/node/progress', { cookie })).body.data
    expect(await progressNow()).toMatchObject({ claimable: [0], played: false })
    const before = await rowCounts(server.db)
    const refused = await claim(cookie, 0)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(
      'Juega por primera vez para reclamar las gemas de tu rango: reclama una misión verificada o termina un video.',
    )
    expect(await rowCounts(server.db)).toEqual(before)
    expect((await getBalances(server.db, player.id)).gems).toBe(0)

    // The step a first mission claim or video finish takes, for a player with no parent too.
    await server.db.transaction((tx) => recordFirstPlay(tx, player, clock.now()))
    expect(await progressNow()).toMatchObject({ claimable: [0], played: true })
    const paid = await claim(cookie, 0)
    expect(paid.status).toBe(200)
    expect(paid.body.data).toMatchObject({ gems: 10, played: true })
    expect(await rankRewardsOf(player)).toBe(1)
  })

  it('refuses a rank not reached, and changes nothing', async () => {
    const { cookie } = await playerAtBronceTwo()
    const before = await rowCounts(server.db)
    const result = await claim(cookie, 2)
    expect(result.status).toBe(409)
    expect(result.body.message).toBe('Aún no alcanzas ese rango')
    expect(await rowCounts(server.db)).toEqual(before)
  })

  it.each([[12], [-1], ['1'], [1.5]])(
    'answers 400 to gainRewardTarget %j, and changes nothing',
    async (target) => {
      const { cookie } = await playerAtBronceTwo()
      const before = await rowCounts(server.db)
      const result = await claim(cookie, target)
      expect(result.status).toBe(400)
      expect(result.body.message).toBe('El rango debe estar entre 0 y 11')
      expect(await rowCounts(server.db)).toEqual(before)
    },
  )

  it('pays once when 50 claims of one rank arrive at once', async () => {
    const player = await addPlayer(server.db, { played: true })
    const cookie = await cookieOf(server, player)
    const results = await Promise.all(Array.from({ length: 50 }, () => claim(cookie, 0)))
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    expect(results.filter((r) => r.status === 409)).toHaveLength(49)
    expect(await rankRewardsOf(player)).toBe(1)
    expect((await getBalances(server.db, player.id)).gems).toBe(10)
  })

  it('answers 401 without a session', async () => {
    expect((await server.call('/api/node/progress')).status).toBe(401)
    expect((await claim('', 0)).status).toBe(401)
  })
})

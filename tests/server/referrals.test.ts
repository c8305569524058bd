import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { SignupLimits } from '../../contract/auth'
import type { GameConfig } from '../../contract/config'
import { apiMessages } from '../../contract/messages'
import type { Notification, VideoView } from '../../contract/missions'
import type { Paginated } from '../../contract/pagination'
import type { RankProgress } from '../../contract/progress'
import { miningMessages } from '../../contract/mining'
import type { Referral } from '../../contract/team'
import { ledgerTransfers, users } from '../../server/db/schema'
import { DEMO_CODE } from '../../server/db/seed/players'
import { assertLedgerInvariant, getBalances } from '../../server/services/ledger'
import { rankGems, REFERRAL_REWARD_GEMS, SIGNUP_LIMITS } from '../../server/services/rules'
import {
  newPlayer,
  socialMission,
  TestClock,
  verifiedAccount,
  videoMission,
  type TestPlayer,
} from './support/earning'
import { onPostgres, signupFor, startTestServer, type TestServer } from './support/test-server'

/*
 * A referral pays the parent when the referral first earns a reward by playing, not when they
 * sign up (decision 026): an account nobody plays with pays nobody, and the reward is paid once.
 */

let server: TestServer
const clock = new TestClock()

beforeAll(async () => {
  server = await startTestServer({ now: clock.now, seed: 'demo' })
})

afterAll(async () => {
  await server.close()
})

afterEach(async () => {
  await assertLedgerInvariant(server.db)
})

async function codeOf(player: TestPlayer, on: TestServer = server): Promise<string> {
  const [row] = await on.db.select({ code: users.code }).from(users).where(eq(users.id, player.id))
  if (!row) throw new Error(`no player ${player.id}`)
  return row.code
}

/** A fresh parent and a player who signed up with the parent's code. */
async function parentAndChild() {
  const parent = await newPlayer(server)
  const child = await newPlayer(server, await codeOf(parent))
  return { parent, child }
}

async function referralsOf(parent: TestPlayer) {
  const answer = await server.call<Paginated<Referral>>('/api/user/referral', {
    cookie: parent.cookie,
  })
  expect(answer.status).toBe(200)
  return answer.body.data.docs
}

/** A social mission of the child's own, added and confirmed by the network: ready to claim. */
async function claimableMission(player: TestPlayer, reward: number) {
  await verifiedAccount(server, player, 5, `@referido${player.id.slice(0, 8)}`)
  const mission = await socialMission(server.db, 5, { reward, ownerId: player.id })
  await server.call('/api/mission/add', {
    body: { missionId: mission.id, deviceId: player.deviceId },
    cookie: player.cookie,
  })
  clock.advance(10)
  const checked = await server.call(`/api/mission/${mission.id}/check`, { cookie: player.cookie })
  expect(checked.status).toBe(200)
  return mission
}

/** A video of the child's own, started: finishable once the clock passes its length. */
async function startedVideo(player: TestPlayer) {
  const video = await videoMission(server.db, { seconds: 5, reward: 20, ownerId: player.id })
  const started = await server.call<VideoView>(`/api/mission/video/${video.id}/play`, {
    body: { deviceId: player.deviceId },
    cookie: player.cookie,
  })
  expect(started.status).toBe(201)
  return started.body.data
}

function finish(player: TestPlayer, view: VideoView) {
  return server.call(`/api/mission/video/${view.missionVideoViewId}/finish`, {
    body: { keyToClaim: view.keyToClaim },
    cookie: player.cookie,
  })
}

async function referralTransfers(child: TestPlayer) {
  return server.db
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, `referral:${child.id}`))
}

describe(`a referral's reward (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('waits, shown as pending, until the referral plays, then is paid once and shown paid', async () => {
    const { parent, child } = await parentAndChild()
    const [pending] = await referralsOf(parent)
    expect(pending).toMatchObject({
      id: child.id,
      reward: { gems: REFERRAL_REWARD_GEMS, paidAt: null },
    })
    expect((await getBalances(server.db, parent.id)).gems).toBe(0)

    const mission = await claimableMission(child, 7)
    const claimed = await server.call('/api/mission/claim', {
      body: { missionId: mission.id },
      cookie: child.cookie,
    })
    expect(claimed.status).toBe(200)
    expect((await getBalances(server.db, parent.id)).gems).toBe(REFERRAL_REWARD_GEMS)
    const [paid] = await referralsOf(parent)
    expect(paid?.reward).toEqual({ gems: REFERRAL_REWARD_GEMS, paidAt: clock.now().toISOString() })
    const notifications = await server.call<Paginated<Notification>>('/api/mission/notifications', {
      cookie: parent.cookie,
    })
    expect(notifications.body.data.docs.map((notification) => notification.message)).toContain(
      `${paid?.name} jugó por primera vez: recibiste 10 gemas por tu referido.`,
    )

    // Playing again pays the child, never the parent a second time.
    const view = await startedVideo(child)
    clock.advance(6)
    expect((await finish(child, view)).status).toBe(200)
    expect((await getBalances(server.db, parent.id)).gems).toBe(REFERRAL_REWARD_GEMS)
    expect(await referralTransfers(child)).toHaveLength(1)
  })

  it('is paid by a finished video as well', async () => {
    const { parent, child } = await parentAndChild()
    const view = await startedVideo(child)
    clock.advance(6)
    expect((await finish(child, view)).status).toBe(200)
    expect((await getBalances(server.db, parent.id)).gems).toBe(REFERRAL_REWARD_GEMS)
  })

  it('is paid once when the first rewards of a referral arrive at once', async () => {
    const { parent, child } = await parentAndChild()
    const mission = await claimableMission(child, 7)
    const views = [await startedVideo(child), await startedVideo(child), await startedVideo(child)]
    clock.advance(6)
    const answers = await Promise.all([
      server.call('/api/mission/claim', { body: { missionId: mission.id }, cookie: child.cookie }),
      ...views.map((view) => finish(child, view)),
    ])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
    expect(await getBalances(server.db, child.id)).toMatchObject({ gems: 7 })
    expect((await getBalances(server.db, parent.id)).gems).toBe(REFERRAL_REWARD_GEMS)
    expect(await referralTransfers(child)).toHaveLength(1)
  })
})

/*
 * Issue 29's farm: a script signs up 60 accounts under one parent from one address, then asks for
 * a payout of what they would have paid. The server here applies the signup limits GET /api/config
 * serves (other test servers sign up freely).
 */
describe(`a farm of referrals (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let farm: TestServer
  const FARM_ADDRESS = '198.51.100.60'

  beforeAll(async () => {
    farm = await startTestServer({ now: clock.now, signupLimits: SIGNUP_LIMITS, seed: 'demo' })
  })

  afterAll(async () => {
    await farm.close()
  })

  afterEach(async () => {
    await assertLedgerInvariant(farm.db)
  })

  /** A video of the player's own, played and finished: a reward earned by playing. */
  async function watchVideo(player: { id: string; cookie: string; deviceId: string }) {
    const video = await videoMission(farm.db, { seconds: 5, reward: 20, ownerId: player.id })
    const started = await farm.call<VideoView>(`/api/mission/video/${video.id}/play`, {
      body: { deviceId: player.deviceId },
      cookie: player.cookie,
    })
    clock.advance(6)
    const finished = await farm.call(
      `/api/mission/video/${started.body.data.missionVideoViewId}/finish`,
      { body: { keyToClaim: started.body.data.keyToClaim }, cookie: player.cookie },
    )
    expect(finished.status).toBe(200)
  }

  async function servedLimits(): Promise<SignupLimits> {
    const config = await farm.call<GameConfig>('/api/config')
    return config.body.data.rules.signup
  }

  it('creates no more accounts than the day allows from one address, pays nothing for them until one plays, and refuses the payout', async () => {
    const limits = await servedLimits()
    const farmer = await newPlayer(farm)
    const farmerCode = await farm.db
      .select({ code: users.code })
      .from(users)
      .where(eq(users.id, farmer.id))
      .then(([row]) => row?.code ?? '')

    const requests = Array.from({ length: 60 }, () => signupFor(farmerCode))
    const answers = []
    for (const body of requests) {
      answers.push(await farm.call('/api/auth/signup', { body, ip: FARM_ADDRESS }))
    }
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(limits.perAddressPerDay)
    expect(statuses.filter((status) => status === 429)).toHaveLength(60 - limits.perAddressPerDay)
    const refused = answers[limits.perAddressPerDay]
    expect(refused?.body.message).toBe(apiMessages.signupsFromAddress)
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(23 * 60 * 60)

    // The accounts that were created pay the farmer nothing while nobody plays with them.
    const referrals = await farm.call<Paginated<Referral>>('/api/user/referral?page=1', {
      cookie: farmer.cookie,
    })
    expect(referrals.body.data.totalDocs).toBe(limits.perAddressPerDay)
    expect(referrals.body.data.docs.every((referral) => referral.reward.paidAt === null)).toBe(true)
    expect((await getBalances(farm.db, farmer.id)).gems).toBe(0)

    // The payout of what 60 referrals paid at signup before: refused, the balance is not there.
    await farm.call('/api/wallet', {
      body: { method: 'paypal', address: 'granja@correo.example' },
      cookie: farmer.cookie,
    })
    const payout = await farm.call('/api/market/transfer/paypal', {
      body: { amount: 60 * REFERRAL_REWARD_GEMS },
      cookie: farmer.cookie,
    })
    expect(payout.status).toBe(400)
    expect(payout.body.message).toBe(apiMessages.notEnoughGems)

    // One of them really plays: the farmer is paid for that one, once.
    const created = requests[0]
    if (!created) throw new Error('no account was asked for')
    // From another address: the farm's is out of attempts after so many refused signups.
    const login = await farm.call('/api/auth/login', {
      body: { email: created.email, password: created.password },
      ip: '198.51.100.61',
    })
    const [row] = await farm.db.select().from(users).where(eq(users.email, created.email))
    if (!login.cookie || !row) throw new Error(`${created.email} could not log in`)
    const player = { id: row.id, cookie: login.cookie, deviceId: created.deviceId }
    for (let round = 0; round < 2; round += 1) await watchVideo(player)
    expect((await getBalances(farm.db, farmer.id)).gems).toBe(REFERRAL_REWARD_GEMS)
  })

  it('reaches no rank with 60 accounts that never played, and counts each that plays', async () => {
    const farmer = await newPlayer(farm)
    const farmerCode = await codeOf(farmer, farm)
    // Six addresses, each within its day's limit: 60 accounts, all created.
    const created = []
    for (let index = 0; index < 60; index += 1) {
      const body = signupFor(farmerCode)
      const address = `198.51.100.${100 + Math.floor(index / 10)}`
      expect((await farm.call('/api/auth/signup', { body, ip: address })).status).toBe(201)
      created.push(body)
    }
    const progress = async () =>
      (await farm.call<RankProgress>('/api/node/progress', { cookie: farmer.cookie })).body.data
    // Sixty direct referrals met Plata II (index 4) when every signup counted.
    expect(await progress()).toMatchObject({
      team: 60,
      direct: 60,
      qualified: { team: 0, direct: 0 },
      next: { index: 1, missingTeam: 5, missingDirect: 2 },
      claimable: [0],
    })
    for (const index of [1, 2, 3, 4]) {
      const claim = await farm.call('/api/user/gainReward', {
        method: 'PATCH',
        body: { gainRewardTarget: index },
        cookie: farmer.cookie,
      })
      expect(claim.status).toBe(409)
      expect(claim.body.message).toBe(miningMessages.rankNotReached)
    }

    // Five of them play: they count, and Bronce II's gems can be claimed; Bronce III's cannot.
    for (const [index, body] of created.slice(0, 5).entries()) {
      const login = await farm.call('/api/auth/login', {
        body: { email: body.email, password: body.password },
        ip: `203.0.113.${index + 1}`,
      })
      const [row] = await farm.db.select().from(users).where(eq(users.email, body.email))
      if (!login.cookie || !row) throw new Error(`${body.email} could not log in`)
      await watchVideo({ id: row.id, cookie: login.cookie, deviceId: body.deviceId })
    }
    expect(await progress()).toMatchObject({
      team: 60,
      direct: 60,
      qualified: { team: 5, direct: 5 },
      claimable: [1, 0],
    })

    // The accounts that never played claim no rank's gems, not even Bronce I's (no team needed):
    // there is nothing for them to send the farmer.
    for (const [index, body] of created.slice(5, 10).entries()) {
      const login = await farm.call('/api/auth/login', {
        body: { email: body.email, password: body.password },
        ip: `203.0.113.${index + 11}`,
      })
      const bronceOne = await farm.call('/api/user/gainReward', {
        method: 'PATCH',
        body: { gainRewardTarget: 0 },
        cookie: login.cookie,
      })
      expect(bronceOne.status).toBe(409)
      expect(bronceOne.body.message).toBe(miningMessages.rankNeedsPlay)
    }
    // Nor does the farmer, until they play once themselves.
    const unplayed = await farm.call('/api/user/gainReward', {
      method: 'PATCH',
      body: { gainRewardTarget: 1 },
      cookie: farmer.cookie,
    })
    expect(unplayed.body.message).toBe(miningMessages.rankNeedsPlay)
    await watchVideo({ ...farmer, deviceId: randomUUID() })

    const claims = await Promise.all(
      [1, 2].map((gainRewardTarget) =>
        farm.call('/api/user/gainReward', {
          method: 'PATCH',
          body: { gainRewardTarget },
          cookie: farmer.cookie,
        }),
      ),
    )
    expect(claims.map((claim) => claim.status)).toEqual([200, 409])
    expect((await getBalances(farm.db, farmer.id)).gems).toBe(
      5 * REFERRAL_REWARD_GEMS + rankGems(1),
    )
  })

  it('creates no more accounts than the day allows from one device, whatever the address', async () => {
    const limits = await servedLimits()
    const deviceId = randomUUID()
    const statuses = []
    for (let index = 0; index <= limits.perDevicePerDay; index += 1) {
      const answer = await farm.call('/api/auth/signup', {
        body: signupFor(DEMO_CODE, { deviceId }),
        ip: `192.0.2.${index + 1}`,
      })
      statuses.push(answer.status)
      if (index === limits.perDevicePerDay) {
        expect(answer.body.message).toBe(apiMessages.signupsFromDevice)
      }
    }
    expect(statuses).toEqual([...Array(limits.perDevicePerDay).fill(201), 429])
    // The refused attempt took nothing from its address: it signs up from another device.
    const other = await farm.call('/api/auth/signup', {
      body: signupFor(DEMO_CODE),
      ip: `192.0.2.${limits.perDevicePerDay + 1}`,
    })
    expect(other.status).toBe(201)
  })

  it('gives the day’s slot back when the signup is refused for another reason', async () => {
    const address = '198.51.100.77'
    const taken = signupFor(DEMO_CODE, { email: 'demo@tery.example' })
    const limits = await servedLimits()
    for (let index = 0; index < limits.perAddressPerDay + 2; index += 1) {
      expect((await farm.call('/api/auth/signup', { body: taken, ip: address })).status).toBe(409)
    }
    const fresh = await farm.call('/api/auth/signup', { body: signupFor(DEMO_CODE), ip: address })
    expect(fresh.status).toBe(201)
  })
})

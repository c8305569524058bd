import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Notification, Paged, VideoView } from '../../contract/missions'
import type { Paginated } from '../../contract/pagination'
import type { Referral } from '../../contract/team'
import { ledgerTransfers, users } from '../../server/db/schema'
import { seedDemo } from '../../server/db/seed'
import { assertLedgerInvariant, getBalances } from '../../server/services/ledger'
import { REFERRAL_REWARD_GEMS } from '../../server/services/rules'
import {
  newPlayer,
  socialMission,
  TestClock,
  verifiedAccount,
  videoMission,
  type TestPlayer,
} from './support/earning'
import { onPostgres, startTestServer, type TestServer } from './support/test-server'

/*
 * A referral pays the parent when the referral first earns a reward by playing, not when they
 * sign up (decision 026): an account nobody plays with pays nobody, and the reward is paid once.
 */

let server: TestServer
const clock = new TestClock()

beforeAll(async () => {
  server = await startTestServer({ now: clock.now })
  await seedDemo(server.db)
})

afterAll(async () => {
  await server.close()
})

afterEach(async () => {
  await assertLedgerInvariant(server.db)
})

async function codeOf(player: TestPlayer): Promise<string> {
  const [row] = await server.db
    .select({ code: users.code })
    .from(users)
    .where(eq(users.id, player.id))
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
    const notifications = await server.call<Paged<Notification>>('/api/mission/notifications', {
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

import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { VideoView } from '../../contract/missions'
import { ledgerTransfers, pendingRewards, socialAccounts } from '../../server/db/schema'
import { assertLedgerInvariant, getBalances } from '../../server/services/ledger'
import {
  newPlayer,
  playlistMission,
  socialMission,
  TestClock,
  verifiedAccount,
  videoMission,
  type TestPlayer,
} from './support/earning'
import { onPostgres, startTestServer, type TestServer } from './support/test-server'

/*
 * Many requests at once for one reward: exactly one is paid. On PostgreSQL the transactions really
 * interleave; PGlite runs one at a time, so there the same tests prove the answers stay right.
 */

let server: TestServer
const clock = new TestClock()
const AT_ONCE = 100

beforeAll(async () => {
  server = await startTestServer({ now: clock.now, seed: 'demo' })
})

afterAll(async () => {
  await server.close()
})

afterEach(async () => {
  await assertLedgerInvariant(server.db)
})

async function fire<T>(
  times: number,
  call: (index: number) => Promise<{ status: number; body: T }>,
) {
  const answers = await Promise.all(Array.from({ length: times }, (_, index) => call(index)))
  const statuses = answers.map((answer) => answer.status)
  return {
    answers,
    count: (status: number) => statuses.filter((candidate) => candidate === status).length,
  }
}

/** Players made one after the other: signup hashes passwords a few at a time. */
async function newPlayers(count: number): Promise<TestPlayer[]> {
  const players: TestPlayer[] = []
  for (let index = 0; index < count; index += 1) players.push(await newPlayer(server))
  return players
}

async function claimableMission(player: TestPlayer, reward: number) {
  const mission = await socialMission(server.db, 5, { reward, ownerId: player.id })
  await server.call('/api/mission/add', {
    body: { missionId: mission.id, deviceId: player.deviceId },
    cookie: player.cookie,
  })
  clock.advance(10)
  await server.call(`/api/mission/${mission.id}/check`, { cookie: player.cookie })
  return mission
}

describe(`${AT_ONCE} claims of one reward at once (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('pays a mission once', async () => {
    const player = await newPlayer(server)
    await verifiedAccount(server, player, 5, `@carrera${player.id.slice(0, 8)}`)
    const mission = await claimableMission(player, 9)
    const gems = (await getBalances(server.db, player.id)).gems
    const { count } = await fire(AT_ONCE, () =>
      server.call('/api/mission/claim', { body: { missionId: mission.id }, cookie: player.cookie }),
    )
    expect(count(200)).toBe(1)
    expect(count(409)).toBe(AT_ONCE - 1)
    expect((await getBalances(server.db, player.id)).gems).toBe(gems + 9)
    const paid = (
      await server.db
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.kind, 'mission.claim'))
    ).filter((row) => row.cause?.missionId === mission.id)
    expect(paid).toHaveLength(1)
  })

  it('finishes a video once', async () => {
    const player = await newPlayer(server)
    const video = await videoMission(server.db, { seconds: 5, reward: 20, ownerId: player.id })
    const started = await server.call<VideoView>(`/api/mission/video/${video.id}/play`, {
      body: { deviceId: player.deviceId },
      cookie: player.cookie,
    })
    clock.advance(5)
    const terycarbons = (await getBalances(server.db, player.id)).terycarbons
    const { missionVideoViewId, keyToClaim } = started.body.data
    const { count } = await fire(AT_ONCE, () =>
      server.call(`/api/mission/video/${missionVideoViewId}/finish`, {
        body: { keyToClaim },
        cookie: player.cookie,
      }),
    )
    expect(count(200)).toBe(1)
    expect(count(409)).toBe(AT_ONCE - 1)
    expect((await getBalances(server.db, player.id)).terycarbons).toBe(terycarbons + 20)
  })

  it('claims the volta charge once', async () => {
    const player = await newPlayer(server)
    await server.db.insert(pendingRewards).values(
      Array.from({ length: 4 }, () => ({
        userId: player.id,
        kind: 'volta',
        amount: 5,
        label: 'Un video de una lista',
      })),
    )
    const volta = (await getBalances(server.db, player.id)).voltaCharge
    const { count } = await fire(AT_ONCE, () =>
      server.call('/api/mission/voltaCharge/claim', { body: {}, cookie: player.cookie }),
    )
    expect(count(200)).toBe(1)
    expect(count(409)).toBe(AT_ONCE - 1)
    expect((await getBalances(server.db, player.id)).voltaCharge).toBe(volta + 20)
  })

  it('pays a playlist once when its last videos are finished at once', async () => {
    const player = await newPlayer(server)
    const { playlist, videos } = await playlistMission(server.db, player.id, { videos: 4 })
    const views: VideoView[] = []
    for (const video of videos) {
      const started = await server.call<VideoView>(`/api/mission/video/${video.id}/play`, {
        body: { deviceId: player.deviceId },
        cookie: player.cookie,
      })
      views.push(started.body.data)
    }
    clock.advance(5)
    const gems = (await getBalances(server.db, player.id)).gems
    const { count } = await fire(views.length, (index) =>
      server.call(`/api/mission/video/${views[index]?.missionVideoViewId}/finish`, {
        body: { keyToClaim: views[index]?.keyToClaim },
        cookie: player.cookie,
      }),
    )
    expect(count(200)).toBe(4)
    expect((await getBalances(server.db, player.id)).gems).toBe(gems + playlist.reward)
    const paid = (
      await server.db
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.kind, 'playlist.claim'))
    ).filter((row) => row.cause?.missionId === playlist.id)
    expect(paid).toHaveLength(1)
  })

  it("pays a parent's referral earnings once", async () => {
    const parent = await newPlayer(server)
    await server.db.insert(pendingRewards).values(
      Array.from({ length: 3 }, () => ({
        userId: parent.id,
        kind: 'referral',
        amount: 2,
        label: 'Un referido completó una misión',
      })),
    )
    const gems = (await getBalances(server.db, parent.id)).gems
    const { count } = await fire(AT_ONCE, () =>
      server.call('/api/mission/claimReferred', { body: {}, cookie: parent.cookie }),
    )
    expect(count(200)).toBe(1)
    expect(count(409)).toBe(AT_ONCE - 1)
    expect((await getBalances(server.db, parent.id)).gems).toBe(gems + 6)
  })

  it('answers every replay of one Idempotency-Key with the first answer', async () => {
    const player = await newPlayer(server)
    await verifiedAccount(server, player, 5, `@replay${player.id.slice(0, 8)}`)
    const mission = await claimableMission(player, 7)
    const key = randomUUID()
    const { answers } = await fire(50, () =>
      server.call('/api/mission/claim', {
        body: { missionId: mission.id },
        cookie: player.cookie,
        headers: { 'idempotency-key': key },
      }),
    )
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]))
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1)
  })
})

describe('limits under concurrent requests', () => {
  it('takes exactly the daily cap when 20 missions are added at once', async () => {
    const player = await newPlayer(server)
    await verifiedAccount(server, player, 5, `@tope${player.id.slice(0, 8)}`)
    const list = await Promise.all(
      Array.from({ length: 20 }, () => socialMission(server.db, 5, { ownerId: player.id })),
    )
    // A device each, so the device's lock does not put the requests in a row.
    const { count } = await fire(list.length, (index) =>
      server.call('/api/mission/add', {
        body: { missionId: list[index]?.id, deviceId: randomUUID() },
        cookie: player.cookie,
      }),
    )
    expect(count(201)).toBe(3)
    expect(count(429)).toBe(17)
  })

  it('lets exactly three players of six use one device when they all come at once', async () => {
    const deviceId = randomUUID()
    const players = await newPlayers(6)
    for (const player of players) {
      await verifiedAccount(server, player, 5, `@equipo${player.id.slice(0, 8)}`)
    }
    const mission = await socialMission(server.db, 5)
    const { count } = await fire(players.length, (index) =>
      server.call('/api/mission/add', {
        body: { missionId: mission.id, deviceId },
        cookie: players[index]?.cookie,
      }),
    )
    expect(count(201)).toBe(3)
    expect(count(403)).toBe(3)
  })

  it('gives one handle to one player when twenty register it at once', async () => {
    const players = await newPlayers(20)
    const handle = `@disputada${randomUUID().slice(0, 8)}`
    const { count } = await fire(players.length, (index) =>
      server.call('/api/mission/account', {
        body: { type: 3, account: handle },
        cookie: players[index]?.cookie,
      }),
    )
    expect(count(201)).toBe(1)
    expect(count(409)).toBe(19)
    const owners = await server.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.handle, handle))
    expect(owners).toHaveLength(1)
  })
})

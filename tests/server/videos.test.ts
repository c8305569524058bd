import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type {
  ClaimedReward,
  FinishedVideo,
  PendingReward,
  Playlist,
  VideoAmount,
  VideoCheck,
  VideoMission,
  VideoView,
} from '../../contract/missions'
import type { Paginated } from '../../contract/pagination'
import { ledgerTransfers, videoViews } from '../../server/db/schema'
import { assertLedgerInvariant, getBalances } from '../../server/services/ledger'
import {
  newPlayer,
  playlistMission,
  TestClock,
  videoMission,
  type TestPlayer,
} from './support/earning'
import { rowCounts, startTestServer, type TestServer } from './support/test-server'

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

function play(player: TestPlayer, missionId: string, deviceId = player.deviceId) {
  return server.call<VideoView>(`/api/mission/video/${missionId}/play`, {
    body: { deviceId },
    cookie: player.cookie,
  })
}

function finish(player: TestPlayer, viewId: string, keyToClaim: string) {
  return server.call<FinishedVideo>(`/api/mission/video/${viewId}/finish`, {
    body: { keyToClaim },
    cookie: player.cookie,
  })
}

function restart(player: TestPlayer, viewId: string) {
  return server.call<VideoView>(`/api/mission/video/${viewId}/restart`, {
    body: {},
    cookie: player.cookie,
  })
}

function checkVideo(player: TestPlayer, missionId: string) {
  return server.call<VideoCheck>(`/api/mission/video/${missionId}/check`, { cookie: player.cookie })
}

/** Plays a video of the player's own and waits its whole length on the clock. */
async function watched(player: TestPlayer, values: Parameters<typeof videoMission>[1] = {}) {
  const video = await videoMission(server.db, { ownerId: player.id, ...values })
  const started = await play(player, video.id)
  expect(started.status).toBe(201)
  clock.advance(video.durationSeconds ?? 0)
  return { video, view: started.body.data }
}

describe('playing and finishing a video', () => {
  it('opens a view on the server clock, says the time left, and pays terycarbons once after it', async () => {
    const player = await newPlayer(server)
    const video = await videoMission(server.db, { seconds: 5, reward: 20, ownerId: player.id })

    const before = await checkVideo(player, video.id)
    expect(before.body.data).toMatchObject({ video: { status: 'available' }, view: null })
    const started = await play(player, video.id)
    expect(started.status).toBe(201)
    expect(started.body.message).toBe('Reproducción iniciada')
    expect(started.body.data).toMatchObject({ secondsLeft: 5 })
    expect(started.body.data.keyToClaim).toMatch(/^[A-Za-z0-9_-]{43}$/)

    clock.advance(2)
    const playing = await checkVideo(player, video.id)
    expect(playing.body.data.video.status).toBe('playing')
    expect(playing.body.data.view).toEqual({ ...started.body.data, secondsLeft: 3 })

    clock.advance(3)
    expect((await checkVideo(player, video.id)).body.data.video.status).toBe('claimable')
    const terycarbons = (await getBalances(server.db, player.id)).terycarbons
    const finished = await finish(
      player,
      started.body.data.missionVideoViewId,
      started.body.data.keyToClaim,
    )
    expect(finished.status).toBe(200)
    expect(finished.body.message).toBe('Video terminado')
    expect(finished.body.data).toMatchObject({
      video: { id: video.id, status: 'finished' },
      reward: { kind: 'TERYCARBONS', amount: 20 },
      volta: 0,
      balances: { terycarbons: terycarbons + 20 },
    })
    const transfers = await server.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.kind, 'video.finish'))
    expect(transfers.filter((row) => row.cause?.missionId === video.id)).toHaveLength(1)

    const twice = await finish(
      player,
      started.body.data.missionVideoViewId,
      started.body.data.keyToClaim,
    )
    expect(twice.status).toBe(409)
    expect(twice.body.message).toBe('Ya terminaste este video')
    const replay = await play(player, video.id)
    expect(replay.status).toBe(409)
    expect(replay.body.message).toBe('Ya terminaste este video')
    expect((await getBalances(server.db, player.id)).terycarbons).toBe(terycarbons + 20)
  })

  it('refuses a finish before the duration on the server clock and disables the video for 10 minutes', async () => {
    const player = await newPlayer(server)
    const video = await videoMission(server.db, { seconds: 8, ownerId: player.id })
    const started = (await play(player, video.id)).body.data
    clock.advance(7)
    const early = await finish(player, started.missionVideoViewId, started.keyToClaim)
    expect(early.status).toBe(409)
    expect(early.body).toEqual({
      status: 409,
      message:
        'Aún no termina el tiempo del video. Por intentar reclamar antes de tiempo, el video queda deshabilitado unos minutos.',
      data: { secondsUntilEnabled: 600 },
    })
    clock.advance(5)
    const late = await finish(player, started.missionVideoViewId, started.keyToClaim)
    expect(late.status).toBe(409)
    expect(late.body.message).toBe('Este video está deshabilitado por un tiempo. Vuelve más tarde.')
    const disabled = await checkVideo(player, video.id)
    expect(disabled.body.data).toMatchObject({
      video: {
        status: 'disabled',
        secondsUntilEnabled: 595,
        enabledAt: new Date(clock.now().getTime() + 595_000).toISOString(),
      },
      view: null,
    })
    expect((await play(player, video.id)).body.message).toBe(
      'Este video está deshabilitado por un tiempo. Vuelve más tarde.',
    )

    clock.advance(595)
    expect((await checkVideo(player, video.id)).body.data.video.status).toBe('available')
    const again = (await play(player, video.id)).body.data
    clock.advance(8)
    expect((await finish(player, again.missionVideoViewId, again.keyToClaim)).status).toBe(200)
  })

  it('refuses a wrong key, and the key of a view left behind by a restart', async () => {
    const player = await newPlayer(server)
    const { view } = await watched(player, { seconds: 5 })
    const wrong = await finish(player, view.missionVideoViewId, 'x'.repeat(43))
    expect(wrong.status).toBe(403)
    expect(wrong.body.message).toBe('La clave para reclamar no corresponde a esta reproducción')

    const restarted = await restart(player, view.missionVideoViewId)
    expect(restarted.status).toBe(200)
    expect(restarted.body.data).toMatchObject({
      missionVideoViewId: view.missionVideoViewId,
      secondsLeft: 5,
    })
    expect(restarted.body.data.keyToClaim).not.toBe(view.keyToClaim)
    expect((await finish(player, view.missionVideoViewId, view.keyToClaim)).status).toBe(403)
    clock.advance(5)
    const done = await finish(player, view.missionVideoViewId, restarted.body.data.keyToClaim)
    expect(done.status).toBe(200)
    const [row] = await server.db
      .select()
      .from(videoViews)
      .where(eq(videoViews.id, view.missionVideoViewId))
    expect(row?.restarts).toBe(1)
  })

  it("refuses another player's view, as if it did not exist", async () => {
    const owner = await newPlayer(server)
    const stranger = await newPlayer(server)
    const { view } = await watched(owner)
    const before = await rowCounts(server.db)
    const finished = await finish(stranger, view.missionVideoViewId, view.keyToClaim)
    expect(finished.status).toBe(404)
    expect(finished.body.message).toBe('La reproducción no existe')
    expect((await restart(stranger, view.missionVideoViewId)).status).toBe(404)
    expect(await rowCounts(server.db)).toEqual(before)
    expect((await finish(owner, view.missionVideoViewId, view.keyToClaim)).status).toBe(200)
  })

  it('refuses bad input with Spanish messages and changes nothing', async () => {
    const player = await newPlayer(server)
    const { view } = await watched(player)
    const before = await rowCounts(server.db)
    const badKey = await finish(player, view.missionVideoViewId, 'corta')
    expect(badKey.status).toBe(400)
    expect(badKey.body.message).toBe('La clave para reclamar no es válida')
    const badView = await finish(player, 'no-es-un-id', view.keyToClaim)
    expect(badView.body.message).toBe('La reproducción no es válida')
    const badDevice = await play(player, randomUUID(), 'a b')
    expect(badDevice.body.message).toBe('No pudimos identificar tu dispositivo. Recarga la página.')
    const unknown = await play(player, randomUUID())
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('El video no existe')
    expect(await rowCounts(server.db)).toEqual(before)
  })

  it('refuses to play from a device checkAccess denies', async () => {
    const deviceId = randomUUID()
    const players = [
      await newPlayer(server),
      await newPlayer(server),
      await newPlayer(server),
      await newPlayer(server),
    ]
    for (const player of players.slice(0, 3)) {
      const own = await videoMission(server.db, { ownerId: player.id })
      expect((await play(player, own.id, deviceId)).status).toBe(201)
    }
    const last = players[3] as TestPlayer
    const video = await videoMission(server.db, { ownerId: last.id })
    const refused = await play(last, video.id, deviceId)
    expect(refused.status).toBe(403)
    expect(refused.body.message).toContain('Este dispositivo ya se usa con demasiadas cuentas')
  })

  it('answers 401 without a session', async () => {
    const id = randomUUID()
    for (const [path, body] of [
      [`/api/mission/video/${id}/check`, undefined],
      [`/api/mission/video/${id}/play`, { deviceId: randomUUID() }],
      [`/api/mission/video/${id}/finish`, { keyToClaim: 'x'.repeat(43) }],
      ['/api/mission/voltaCharge', undefined],
    ] as const) {
      expect((await server.call(path, { body })).status).toBe(401)
    }
  })
})

describe('lists of videos and playlists', () => {
  it('lists the videos outside playlists with the player’s status, in pages', async () => {
    const player = await newPlayer(server)
    const listed = await server.call<Paginated<VideoMission>>(
      '/api/mission/video/available?page=1',
      {
        cookie: player.cookie,
      },
    )
    expect(listed.status).toBe(200)
    expect(listed.body.data).toMatchObject({ totalDocs: 4, totalPages: 1, limt: 6, page: 1 })
    expect(listed.body.data.docs[0]).toMatchObject({
      title: 'La mina en cinco segundos',
      src: '/media/tery-mina.webm',
      durationSeconds: 5,
      reward: { kind: 'TERYCARBONS', amount: 20 },
      playlistId: null,
      status: 'available',
    })
    const amount = await server.call<VideoAmount>('/api/mission/video/amount', {
      cookie: player.cookie,
    })
    expect(amount.body.data).toEqual({ videos: 4, playList: 2 })
  })

  it('pays a playlist’s gems once, with the finish of its last video, after volta built up for each', async () => {
    const player = await newPlayer(server)
    const { playlist, videos } = await playlistMission(server.db, player.id, {
      reward: 40,
      volta: 5,
      videos: 2,
    })
    const gems = (await getBalances(server.db, player.id)).gems
    const finishes = []
    for (const video of videos) {
      const started = (await play(player, video.id)).body.data
      clock.advance(5)
      finishes.push(
        (await finish(player, started.missionVideoViewId, started.keyToClaim)).body.data,
      )
    }
    expect(finishes.map((done) => done.volta)).toEqual([5, 5])
    expect(finishes[0]?.playlist).toBeNull()
    expect(finishes[1]?.playlist).toEqual({
      title: playlist.title,
      reward: { kind: 'GEMS', amount: 40 },
    })
    expect(finishes[1]?.balances.gems).toBe(gems + 40)
    const lists = await server.call<Paginated<Playlist>>('/api/mission/playlist/available', {
      cookie: player.cookie,
    })
    const mine = lists.body.data.docs.find((list) => list.id === playlist.id)
    expect(mine).toMatchObject({
      reward: { kind: 'GEMS', amount: 40 },
      volta: 5,
      finishedVideos: 2,
      state: 'completed',
    })
    expect(mine?.videos.map((video) => video.status)).toEqual(['finished', 'finished'])
    const claimed = await server.call('/api/mission/claim', {
      body: { missionId: playlist.id },
      cookie: player.cookie,
    })
    expect(claimed.status).toBe(404)

    const charge = await server.call<PendingReward>('/api/mission/voltaCharge', {
      cookie: player.cookie,
    })
    expect(charge.body.data.amount).toBe(10)
    expect(charge.body.data.entries).toHaveLength(2)
    const volta = (await getBalances(server.db, player.id)).voltaCharge
    const collected = await server.call<ClaimedReward>('/api/mission/voltaCharge/claim', {
      body: {},
      cookie: player.cookie,
    })
    expect(collected.body).toMatchObject({
      status: 200,
      message: 'Carga volta reclamada',
      data: { claimed: 10, balances: { voltaCharge: volta + 10 } },
    })
    const empty = await server.call('/api/mission/voltaCharge/claim', {
      body: {},
      cookie: player.cookie,
    })
    expect(empty.status).toBe(409)
    expect(empty.body.message).toBe('No tienes nada por reclamar todavía')
  })
})

import { randomUUID } from 'node:crypto'
import { and, count, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type {
  AddedMission,
  ClaimedMission,
  ClaimedReward,
  DailyMissions,
  Mission,
  MissionAccess,
  MissionCheck,
  Notification,
  NotificationCount,
  PendingReward,
  SocialAccount,
} from '../../contract/missions'
import type { Paginated } from '../../contract/pagination'
import type { Session } from '../../contract/auth'
import {
  ledgerTransfers,
  missionAssignments,
  notifications,
  socialAccounts,
} from '../../server/db/schema'
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/db/seed/players'
import { assertLedgerInvariant, getBalances } from '../../server/services/ledger'
import { reviewAccount } from '../../server/services/social-accounts'
import {
  newPlayer,
  socialMission,
  TestClock,
  verifiedAccount,
  type TestPlayer,
} from './support/earning'
import { rowCounts, startTestServer, type TestServer } from './support/test-server'

let server: TestServer
const clock = new TestClock()

beforeAll(async () => {
  server = await startTestServer({ now: clock.now, accountAutoVerifyMs: 20_000, seed: 'demo' })
})

afterAll(async () => {
  await server.close()
})

afterEach(async () => {
  await assertLedgerInvariant(server.db)
})

async function socialRows(userId: string) {
  const [row] = await server.db
    .select({ n: count() })
    .from(socialAccounts)
    .where(eq(socialAccounts.userId, userId))
  return row?.n ?? 0
}

async function add(player: TestPlayer, missionId: string, deviceId = player.deviceId) {
  return server.call<AddedMission>('/api/mission/add', {
    body: { missionId, deviceId },
    cookie: player.cookie,
  })
}

async function check(player: TestPlayer, missionId: string) {
  return server.call<MissionCheck>(`/api/mission/${missionId}/check`, { cookie: player.cookie })
}

async function claim(player: TestPlayer, missionId: string) {
  return server.call<ClaimedMission>('/api/mission/claim', {
    body: { missionId },
    cookie: player.cookie,
  })
}

/** A player with a verified TikTok account, ready to take TikTok missions. */
async function tiktokPlayer(parentCode?: string) {
  const player = await newPlayer(server, parentCode)
  await verifiedAccount(server, player, 5, `@prueba${player.id.slice(0, 8)}`)
  return player
}

/** Takes, checks (after the provider's wait) and claims a mission. */
async function complete(player: TestPlayer, missionId: string) {
  expect((await add(player, missionId)).status).toBe(201)
  clock.advance(10)
  expect((await check(player, missionId)).body.data.mission.state).toBe('claimable')
  return claim(player, missionId)
}

describe('the demo player', () => {
  it('finds the earning screens alive: accounts, missions in each state, videos, volta, referral earnings, notifications', async () => {
    const demo = await server.call('/api/auth/login', {
      body: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    })
    const cookie = demo.cookie as string
    const accounts = await server.call<SocialAccount[]>('/api/mission/account', { cookie })
    expect(accounts.body.data.map((account) => [account.type, account.state])).toEqual([
      [2, 3],
      [3, 2],
      [4, 4],
    ])
    const youtube = await server.call<Paginated<Mission>>('/api/mission/available?type=2', {
      cookie,
    })
    // The demo's own coupon missions come first; its seeded progress is on the catalogue's ones.
    expect(youtube.body.data.docs.map((doc) => doc.state)).toEqual(
      expect.arrayContaining(['claimed', 'claimable', 'added']),
    )
    const amount = await server.call('/api/mission/video/amount', { cookie })
    expect(amount.body.data).toEqual({ videos: 3, playList: 2 })
    const referral = await server.call<PendingReward>('/api/mission/claimReferred', { cookie })
    expect(referral.body.data.amount).toBe(2)
    const volta = await server.call<PendingReward>('/api/mission/voltaCharge', { cookie })
    expect(volta.body.data.amount).toBe(5)
    const told = await server.call<NotificationCount>('/api/mission/newNotifications', { cookie })
    expect(told.body.data.count).toBeGreaterThanOrEqual(5)
  })
})

describe('social accounts', () => {
  it('registers an account, normalized, pending until verified (2 -> 3)', async () => {
    const player = await newPlayer(server)
    expect(
      (await server.call('/api/mission/account', { cookie: player.cookie })).body.data,
    ).toEqual([])
    const registered = await server.call<SocialAccount>('/api/mission/account', {
      body: { type: 2, account: 'https://www.youtube.com/@Tery.Fan' },
      cookie: player.cookie,
    })
    expect(registered.status).toBe(201)
    expect(registered.body.message).toBe('Recibimos tu cuenta. La revisaremos pronto.')
    expect(registered.body.data).toMatchObject({
      type: 2,
      account: '@tery.fan',
      state: 2,
      rejectionReason: null,
    })

    await reviewAccount(server.db, registered.body.data.id, { verdict: 'verify' }, new Date())
    const listed = await server.call<SocialAccount[]>('/api/mission/account', {
      cookie: player.cookie,
    })
    expect(listed.body.data.map((account) => account.state)).toEqual([3])
    const told = await server.call<Paginated<Notification>>('/api/mission/notifications', {
      cookie: player.cookie,
    })
    expect(told.body.data.docs[0]?.message).toBe(
      'Tu cuenta de YouTube @tery.fan fue verificada. Ya puedes tomar sus misiones.',
    )
  })

  it("refuses a handle in the wrong format with the network's Spanish message, and changes nothing", async () => {
    const player = await newPlayer(server)
    const before = await rowCounts(server.db)
    for (const [type, account, message] of [
      [
        2,
        'youtube.com/user',
        'Escribe tu canal de YouTube como @tucanal o con el enlace de tu canal',
      ],
      [
        3,
        'instagram.com/no valido',
        'Escribe tu usuario de Instagram (@tuusuario) o el enlace de tu perfil',
      ],
      [4, 'ab', 'Escribe tu usuario de Facebook o el enlace de tu perfil (facebook.com/tuusuario)'],
      [
        5,
        'https://tiktok.com/usuario',
        'Escribe tu usuario de TikTok (@tuusuario) o el enlace de tu perfil',
      ],
    ] as const) {
      const refused = await server.call('/api/mission/account', {
        body: { type, account },
        cookie: player.cookie,
      })
      expect(refused.status).toBe(400)
      expect(refused.body).toEqual({ status: 400, message, data: { fields: { account: message } } })
    }
    const noNetwork = await server.call('/api/mission/account', {
      body: { type: 7, account: '@tery' },
      cookie: player.cookie,
    })
    expect(noNetwork.status).toBe(400)
    expect(noNetwork.body.message).toBe('Elige una red social válida')
    const empty = await server.call('/api/mission/account', {
      body: { type: 3, account: '   ' },
      cookie: player.cookie,
    })
    expect(empty.body.message).toBe('El campo es requerido')
    expect(await rowCounts(server.db)).toEqual(before)
    expect(await socialRows(player.id)).toBe(0)
  })

  it('keeps one account per network per player, and one player per account', async () => {
    const player = await newPlayer(server)
    const other = await newPlayer(server)
    const first = await server.call('/api/mission/account', {
      body: { type: 3, account: `@una.cuenta.${player.id.slice(0, 6)}` },
      cookie: player.cookie,
    })
    expect(first.status).toBe(201)
    const second = await server.call('/api/mission/account', {
      body: { type: 3, account: '@otra.cuenta' },
      cookie: player.cookie,
    })
    expect(second.status).toBe(409)
    expect(second.body.message).toBe('Ya registraste una cuenta en esta red social')
    const taken = await server.call('/api/mission/account', {
      body: { type: 3, account: `https://instagram.com/Una.Cuenta.${player.id.slice(0, 6)}` },
      cookie: other.cookie,
    })
    expect(taken.status).toBe(409)
    expect(taken.body).toEqual({
      status: 409,
      message: 'Esa cuenta ya está registrada por otro jugador',
      data: { fields: { account: 'Esa cuenta ya está registrada por otro jugador' } },
    })
    expect(await socialRows(other.id)).toBe(0)
  })

  it("shows a rejection with the operator's reason, frees the handle and lets the player register again", async () => {
    const player = await newPlayer(server)
    const handle = `@rechazada${player.id.slice(0, 6)}`
    const registered = await server.call<SocialAccount>('/api/mission/account', {
      body: { type: 5, account: handle },
      cookie: player.cookie,
    })
    await reviewAccount(
      server.db,
      registered.body.data.id,
      { verdict: 'reject', reason: 'El perfil es privado' },
      new Date(),
    )
    const listed = await server.call<SocialAccount[]>('/api/mission/account', {
      cookie: player.cookie,
    })
    expect(listed.body.data).toEqual([
      expect.objectContaining({ state: 4, rejectionReason: 'El perfil es privado' }),
    ])
    const again = await server.call<SocialAccount>('/api/mission/account', {
      body: { type: 5, account: `${handle}2` },
      cookie: player.cookie,
    })
    expect(again.status).toBe(201)
    expect(again.body.data.state).toBe(2)
    expect(await socialRows(player.id)).toBe(1)
  })

  it('verifies a demo account by itself once the configured delay has passed on the clock', async () => {
    const player = await newPlayer(server)
    await server.call('/api/mission/account', {
      body: { type: 4, account: `facebook.com/demo.sola.${player.id.slice(0, 6)}` },
      cookie: player.cookie,
    })
    clock.advance(19)
    const pending = await server.call<SocialAccount[]>('/api/mission/account', {
      cookie: player.cookie,
    })
    expect(pending.body.data[0]?.state).toBe(2)
    clock.advance(1)
    const verified = await server.call<SocialAccount[]>('/api/mission/account', {
      cookie: player.cookie,
    })
    expect(verified.body.data[0]?.state).toBe(3)
    const count = await server.call<NotificationCount>('/api/mission/newNotifications', {
      cookie: player.cookie,
    })
    expect(count.body.data.count).toBe(1)
  })

  it('answers 401 without a session', async () => {
    for (const [path, body] of [
      ['/api/mission/account', undefined],
      ['/api/mission/account', { type: 2, account: '@tery' }],
    ] as const) {
      const result = await server.call(path, { body })
      expect(result.status).toBe(401)
      expect(result.body.message).toBe('La sesión ha terminado')
    }
  })
})

describe('social missions', () => {
  it("lists a network's missions in pages of 6 with the spec's pagination", async () => {
    const player = await newPlayer(server)
    const first = await server.call<Paginated<Mission>>('/api/mission/available?type=2&page=1', {
      cookie: player.cookie,
    })
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ totalDocs: 7, totalPages: 2, limt: 6, page: 1 })
    expect(first.body.data.docs).toHaveLength(6)
    expect(first.body.data.docs[0]).toMatchObject({
      type: 2,
      title: 'Suscríbete al canal de Tery',
      reward: { kind: 'GEMS', amount: 10 },
      state: 'pending',
      source: 'player',
    })
    const second = await server.call<Paginated<Mission>>('/api/mission/available?type=2&page=2', {
      cookie: player.cookie,
    })
    expect(second.body.data.docs).toHaveLength(1)
    for (const bad of ['type=9', 'type=2&page=0', 'type=2&page=uno', '']) {
      const refused = await server.call(`/api/mission/available?${bad}`, { cookie: player.cookie })
      expect(refused.status).toBe(400)
    }
  })

  it('takes, checks and claims a mission, paying gems through the ledger once', async () => {
    const player = await tiktokPlayer()
    const mission = await socialMission(server.db, 5, { reward: 12 })

    const notClaimable = await claim(player, mission.id)
    expect(notClaimable.status).toBe(409)
    expect(notClaimable.body.message).toBe('Primero toma la misión')
    const notTaken = await check(player, mission.id)
    expect(notTaken.status).toBe(409)

    const added = await add(player, mission.id)
    expect(added.status).toBe(201)
    expect(added.body.message).toBe('Misión tomada. Cúmplela y luego verifícala.')
    expect(added.body.data).toMatchObject({ mission: { state: 'added' }, remainingToday: 2 })
    expect((await add(player, mission.id)).body.message).toBe('Ya tomaste esta misión')

    clock.advance(4)
    const early = await check(player, mission.id)
    expect(early.status).toBe(200)
    expect(early.body.data).toMatchObject({
      mission: { state: 'added' },
      message: 'Aún no vemos tu acción en TikTok. Vuelve a verificar en 6 segundos.',
      retryInSeconds: 6,
    })
    expect((await claim(player, mission.id)).body.message).toBe(
      'Esta misión aún no está lista para reclamar',
    )

    clock.advance(6)
    const checked = await check(player, mission.id)
    expect(checked.body.data).toMatchObject({ mission: { state: 'claimable' }, message: null })

    const gemsBefore = (await getBalances(server.db, player.id)).gems
    const claimed = await claim(player, mission.id)
    expect(claimed.status).toBe(200)
    expect(claimed.body.message).toBe('Recompensa reclamada')
    expect(claimed.body.data.reward).toEqual({ kind: 'GEMS', amount: 12 })
    expect(claimed.body.data.balances.gems).toBe(gemsBefore + 12)
    const again = await claim(player, mission.id)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Ya reclamaste esta misión')
    expect((await getBalances(server.db, player.id)).gems).toBe(gemsBefore + 12)

    const [transfer] = await server.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.kind, 'mission.claim'))
      .orderBy(ledgerTransfers.id)
      .then((rows) => rows.filter((row) => row.cause?.missionId === mission.id))
    expect(transfer).toMatchObject({ currency: 'gems', amount: 12 })

    const session = await server.call<Session>('/api/auth/session', { cookie: player.cookie })
    expect(session.body.data.balances.gems).toBe(gemsBefore + 12)
    const listed = await server.call<Paginated<Mission>>('/api/mission/available?type=5', {
      cookie: player.cookie,
    })
    expect(listed.body.data.docs.find((doc) => doc.id === mission.id)?.state).toBe('claimed')
  })

  it('refuses a mission of a network without a verified account, and an unknown or invalid one', async () => {
    const player = await newPlayer(server)
    const mission = await socialMission(server.db, 3)
    const before = await rowCounts(server.db)
    const refused = await add(player, mission.id)
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe(
      'Necesitas una cuenta de Instagram verificada para tomar esta misión',
    )
    expect((await add(player, randomUUID())).status).toBe(404)
    const invalid = await add(player, 'no-es-una-mision')
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toBe('La misión no es válida')
    const noDevice = await add(player, mission.id, 'x')
    expect(noDevice.body.message).toBe('No pudimos identificar tu dispositivo. Recarga la página.')
    expect(await rowCounts(server.db)).toEqual(before)
    const [taken] = await server.db
      .select({ n: count() })
      .from(missionAssignments)
      .where(eq(missionAssignments.userId, player.id))
    expect(taken?.n).toBe(0)
  })

  it("keeps a mission activated for one player (a coupon's) away from the others", async () => {
    const owner = await tiktokPlayer()
    const other = await tiktokPlayer()
    const mission = await socialMission(server.db, 5, { ownerId: owner.id })
    await server.db.insert(missionAssignments).values({
      missionId: mission.id,
      userId: owner.id,
      state: 'added',
      source: 'coupon',
      addedAt: clock.now(),
    })
    const mine = await server.call<Paginated<Mission>>('/api/mission/current', {
      cookie: owner.cookie,
    })
    expect(mine.body.data.docs).toEqual([
      expect.objectContaining({ id: mission.id, state: 'added', source: 'coupon' }),
    ])
    const theirs = await server.call<Paginated<Mission>>('/api/mission/available?type=5', {
      cookie: other.cookie,
    })
    expect(theirs.body.data.docs.map((doc) => doc.id)).not.toContain(mission.id)
    expect((await add(other, mission.id)).status).toBe(404)
    expect((await claim(other, mission.id)).status).toBe(404)
  })

  it('lists the missions the player took and has not claimed as current', async () => {
    const player = await tiktokPlayer()
    const taken = await socialMission(server.db, 5)
    await add(player, taken.id)
    const current = await server.call<Paginated<Mission>>('/api/mission/current?page=1', {
      cookie: player.cookie,
    })
    expect(current.body.data).toMatchObject({ totalDocs: 1, totalPages: 1, limt: 6, page: 1 })
    expect(current.body.data.docs[0]).toMatchObject({ id: taken.id, state: 'added' })
  })
})

describe('the daily cap', () => {
  it("counts the rank's missions per America/Bogota day, across a Bogota midnight", async () => {
    const player = await tiktokPlayer()
    const list = []
    for (let index = 0; index < 5; index += 1) list.push(await socialMission(server.db, 5))
    // 23:59 in Bogota (UTC-5) is 04:59 UTC of the next day.
    clock.set('2026-11-24T04:59:00Z')
    for (const mission of list.slice(0, 3)) expect((await add(player, mission.id)).status).toBe(201)
    const daily = await server.call<DailyMissions>('/api/mission/maxMissionsPerDay', {
      cookie: player.cookie,
    })
    expect(daily.body.data).toEqual({ maxMissionsPerDay: 3, takenToday: 3, remaining: 0 })

    const capped = await add(player, list[3]?.id ?? '')
    expect(capped.status).toBe(429)
    expect(capped.body).toEqual({
      status: 429,
      message: 'Ya tomaste todas tus misiones de hoy. Vuelve mañana.',
      data: { maxMissionsPerDay: 3 },
    })
    expect(capped.headers.get('retry-after')).toBe('60')
    const [assigned] = await server.db
      .select({ n: count() })
      .from(missionAssignments)
      .where(eq(missionAssignments.userId, player.id))
    expect(assigned?.n).toBe(3)

    clock.set('2026-11-24T05:00:01Z')
    const nextDay = await add(player, list[3]?.id ?? '')
    expect(nextDay.status).toBe(201)
    expect(nextDay.body.data.remainingToday).toBe(2)
    clock.set(new Date())
  })

  it('gives each rank its own cap', async () => {
    const demo = await server.call('/api/auth/login', {
      body: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    })
    const daily = await server.call<DailyMissions>('/api/mission/maxMissionsPerDay', {
      cookie: demo.cookie,
    })
    expect(daily.body.data.maxMissionsPerDay).toBe(5)
  })
})

describe('referral earnings', () => {
  it("puts the parent's share of a referral's claim aside, and pays it once on claimReferred", async () => {
    const parent = await tiktokPlayer()
    const [parentRow] = await server.db.query.users.findMany({
      where: (users, { eq }) => eq(users.id, parent.id),
    })
    const child = await tiktokPlayer(parentRow?.code)
    const mission = await socialMission(server.db, 5, { reward: 15 })

    const nothing = await server.call('/api/mission/claimReferred', {
      body: {},
      cookie: parent.cookie,
    })
    expect(nothing.status).toBe(409)
    expect(nothing.body.message).toBe('No tienes nada por reclamar todavía')

    expect((await complete(child, mission.id)).status).toBe(200)
    const pending = await server.call<PendingReward>('/api/mission/claimReferred', {
      cookie: parent.cookie,
    })
    expect(pending.body.data.amount).toBe(3)
    expect(pending.body.data.entries[0]?.label).toContain(`completó «${mission.title}»`)

    const gems = (await getBalances(server.db, parent.id)).gems
    const claimed = await server.call<ClaimedReward>('/api/mission/claimReferred', {
      body: {},
      cookie: parent.cookie,
    })
    expect(claimed.status).toBe(200)
    expect(claimed.body.data).toMatchObject({ claimed: 3, balances: { gems: gems + 3 } })
    expect(
      (await server.call('/api/mission/claimReferred', { body: {}, cookie: parent.cookie })).status,
    ).toBe(409)
    const after = await server.call<PendingReward>('/api/mission/claimReferred', {
      cookie: parent.cookie,
    })
    expect(after.body.data).toEqual({ amount: 0, entries: [] })
  })
})

describe('checkAccess and the device rule', () => {
  it('lets the first three players who earn from a device in and refuses the fourth, in add too', async () => {
    const deviceId = randomUUID()
    const players = [
      await tiktokPlayer(),
      await tiktokPlayer(),
      await tiktokPlayer(),
      await tiktokPlayer(),
    ]
    const mission = await socialMission(server.db, 5)
    const access = (player: TestPlayer) =>
      server.call<MissionAccess>(`/api/mission/checkAccess?deviceId=${deviceId}`, {
        cookie: player.cookie,
      })
    for (const player of players.slice(0, 3)) {
      expect((await access(player)).body.data).toEqual({ allowed: true, message: null })
      expect((await add(player, mission.id, deviceId)).status).toBe(201)
    }
    const denied = {
      allowed: false,
      message:
        'Este dispositivo ya se usa con demasiadas cuentas de Tery. Las misiones y los videos solo se pueden hacer desde tu propio dispositivo.',
    }
    const last = players[3] as TestPlayer
    expect((await access(last)).body.data).toEqual(denied)
    const refused = await add(last, mission.id, deviceId)
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe(denied.message)
    // The first three keep their place: asking again changes nothing.
    expect((await access(players[0] as TestPlayer)).body.data).toEqual({
      allowed: true,
      message: null,
    })
    const invalid = await server.call('/api/mission/checkAccess?deviceId=%20', {
      cookie: players[0]?.cookie,
    })
    expect(invalid.status).toBe(400)
  })

  it("never writes: asking from many accounts takes none of a device's places", async () => {
    const deviceId = randomUUID()
    const askers = [await tiktokPlayer(), await tiktokPlayer(), await tiktokPlayer()]
    const before = await rowCounts(server.db)
    for (const asker of askers) {
      const access = await server.call<MissionAccess>(
        `/api/mission/checkAccess?deviceId=${deviceId}`,
        { cookie: asker.cookie },
      )
      expect(access.body.data).toEqual({ allowed: true, message: null })
    }
    expect(await rowCounts(server.db)).toEqual(before)
    // The device's owner, who only now takes a mission from it, still may.
    const owner = await tiktokPlayer()
    const mission = await socialMission(server.db, 5)
    expect((await add(owner, mission.id, deviceId)).status).toBe(201)
  })
})

describe('notifications', () => {
  it('counts, lists in pages, marks one and marks all as seen, never another player’s', async () => {
    const player = await newPlayer(server)
    const other = await newPlayer(server)
    await server.db.insert(notifications).values(
      Array.from({ length: 12 }, (_, index) => ({
        userId: player.id,
        message: `Aviso ${index + 1}`,
        createdAt: new Date(Date.now() + index * 1000),
      })),
    )
    const counted = await server.call<NotificationCount>('/api/mission/newNotifications', {
      cookie: player.cookie,
    })
    expect(counted.body.data).toEqual({ count: 12 })
    const first = await server.call<Paginated<Notification>>('/api/mission/notifications?page=1', {
      cookie: player.cookie,
    })
    expect(first.body.data).toMatchObject({ totalDocs: 12, totalPages: 2, limt: 10, page: 1 })
    expect(first.body.data.docs[0]).toMatchObject({ message: 'Aviso 12', viewed: false })
    const newest = first.body.data.docs[0] as Notification

    const stranger = await server.call('/api/user/view/notification', {
      body: { notificationId: newest.id },
      cookie: other.cookie,
    })
    expect(stranger.status).toBe(404)
    expect(stranger.body.message).toBe('La notificación no existe')

    const one = await server.call<NotificationCount>('/api/user/view/notification', {
      body: { notificationId: newest.id },
      cookie: player.cookie,
    })
    expect(one.body).toEqual({
      status: 200,
      message: 'Notificaciones marcadas como vistas',
      data: { count: 11 },
    })
    const bad = await server.call('/api/user/view/notification', {
      body: { notificationId: 'uno' },
      cookie: player.cookie,
    })
    expect(bad.body.message).toBe('La notificación no es válida')

    const all = await server.call<NotificationCount>('/api/mission/notification/view', {
      method: 'PATCH',
      body: {},
      cookie: player.cookie,
    })
    expect(all.body.data).toEqual({ count: 0 })
    const [unseen] = await server.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, player.id)))
    expect(unseen?.n).toBe(12)
    const seen = await server.call<Paginated<Notification>>('/api/mission/notifications?page=2', {
      cookie: player.cookie,
    })
    expect(seen.body.data.docs.every((doc) => doc.viewed)).toBe(true)
  })
})

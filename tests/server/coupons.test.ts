import { and, count, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Coupon, CouponResult, CouponState } from '../../contract/coupons'
import type { GameConfig } from '../../contract/config'
import { seedDemo } from '../../server/db/seed'
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/db/seed/players'
import {
  couponMissions,
  coupons,
  ledgerTransfers,
  missionAssignments,
  missions,
} from '../../server/db/schema'
import { runJobOnce } from '../../server/services/jobs'
import { assertLedgerInvariant, getBalances } from '../../server/services/ledger'
import { COUPON_RULES, EARNING_RULES } from '../../server/services/rules'
import { SCHEDULED_JOBS } from '../../server/services/scheduled-jobs'
import { newPlayer, TestClock, verifiedAccount, type TestPlayer } from './support/earning'
import { fund } from './support/players'
import { onPostgres, rowCounts, startTestServer, type TestServer } from './support/test-server'

/** Wednesday 25 November 2026, 10:00 in Bogota. */
const START = new Date('2026-11-25T15:00:00Z')
const HOUR_MS = 60 * 60 * 1000
const PRICE = COUPON_RULES.price.amount

let server: TestServer
const clock = new TestClock(START)

beforeAll(async () => {
  server = await startTestServer({ now: clock.now })
  await seedDemo(server.db, undefined, START)
})

afterAll(async () => {
  await server.close()
})

afterEach(async () => {
  clock.set(START)
  await assertLedgerInvariant(server.db)
})

/** A new player with the coupon's price in terydollars and a verified YouTube account. */
async function buyer(): Promise<TestPlayer> {
  const player = await newPlayer(server)
  await fund(server, player.id, { terydollars: PRICE })
  await verifiedAccount(server, player, 2, `@cupon${player.id.slice(0, 8)}`)
  return player
}

function post(path: string, player: Pick<TestPlayer, 'cookie'> | null, body: unknown) {
  return server.call<CouponResult>(`/api/coupon/${path}`, {
    body,
    cookie: player?.cookie ?? null,
  })
}

async function state(player: Pick<TestPlayer, 'cookie'>) {
  const answer = await server.call<CouponState>('/api/coupon', { cookie: player.cookie })
  expect(answer.status).toBe(200)
  return answer.body.data
}

async function bought(player: TestPlayer): Promise<Coupon> {
  const answer = await post('buy', player, { price: PRICE })
  expect(answer.status).toBe(201)
  return answer.body.data.coupon
}

async function activated(player: TestPlayer): Promise<Coupon> {
  const coupon = await bought(player)
  const answer = await post('active', player, { couponId: coupon.id })
  expect(answer.status).toBe(200)
  return answer.body.data.coupon
}

/** The player does a coupon mission: the network confirms it after its wait, they claim it. */
async function complete(player: TestPlayer, missionId: string) {
  const checked = await server.call<{ mission: { state: string } }>(
    `/api/mission/${missionId}/check`,
    { cookie: player.cookie },
  )
  expect(checked.body.data.mission.state).toBe('claimable')
  const claimed = await server.call('/api/mission/claim', {
    body: { missionId },
    cookie: player.cookie,
  })
  expect(claimed.status).toBe(200)
}

/** An active coupon whose missions the player all claimed, ten seconds after activation. */
async function completed(player: TestPlayer): Promise<Coupon> {
  const coupon = await activated(player)
  clock.advance(10)
  for (const mission of coupon.missions) await complete(player, mission.id)
  return coupon
}

/** Everything a refused coupon call could have changed. */
async function couponRows() {
  const [couponCount] = await server.db.select({ n: count() }).from(coupons)
  const [missionCount] = await server.db.select({ n: count() }).from(missions)
  const [assignmentCount] = await server.db.select({ n: count() }).from(missionAssignments)
  const states = await server.db.select({ id: coupons.id, state: coupons.state }).from(coupons)
  return {
    ...(await rowCounts(server.db)),
    coupons: couponCount?.n,
    missions: missionCount?.n,
    assignments: assignmentCount?.n,
    states: states.sort((a, b) => a.id.localeCompare(b.id)),
  }
}

describe('the rules', () => {
  it("keep a player's coupon missions within the first page of a network's missions", () => {
    const networks = COUPON_RULES.missions.map((mission) => mission.network)
    const most = Math.max(...networks.map((n) => networks.filter((m) => m === n).length))
    expect(most * COUPON_RULES.openPerPlayer).toBeLessThanOrEqual(EARNING_RULES.missionPageSize)
  })

  it('are served by GET /api/config', async () => {
    const config = await server.call<GameConfig>('/api/config')
    expect(config.body.data.rules.coupon).toEqual({
      price: { currency: 'terydollars', amount: 5 },
      reward: { currency: 'gems', amount: 300 },
      durationHours: 72,
      missions: COUPON_RULES.missions.map(({ title, description, network, reward }) => ({
        title,
        description,
        network,
        reward,
      })),
      openPerPlayer: 1,
      historySize: 10,
    })
  })
})

describe('GET /api/coupon', () => {
  it('shows a new player the offer and no coupon', async () => {
    const player = await newPlayer(server)
    const shown = await state(player)
    expect(shown.coupon).toBeNull()
    expect(shown.history).toEqual([])
    expect(shown.offer.price).toEqual({ currency: 'terydollars', amount: 5 })
    expect(shown.offer.missions).toHaveLength(3)
  })

  it("shows the demo player's history: today's coupon active with a mission done, yesterday's claimed", async () => {
    const login = await server.call('/api/auth/login', {
      body: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    })
    const shown = await state({ cookie: login.cookie as string })
    expect(shown.history.map((coupon) => coupon.status)).toEqual(['active', 'claimed'])
    expect(shown.coupon?.progress).toEqual({ done: 1, total: 3 })
    expect(shown.coupon?.missions.map((mission) => mission.state)).toEqual([
      'claimed',
      'added',
      'added',
    ])
    expect(shown.history[1]?.progress).toEqual({ done: 3, total: 3 })
  })

  it('asks for a session', async () => {
    const answer = await server.call('/api/coupon')
    expect(answer.status).toBe(401)
    expect(answer.body.message).toBe('La sesión ha terminado')
  })
})

describe('POST /api/coupon/buy', () => {
  it('sells a pending coupon, charging its price once, through the ledger', async () => {
    const player = await buyer()
    const answer = await post('buy', player, { price: PRICE })

    expect(answer.status).toBe(201)
    expect(answer.body.message).toBe('¡Compraste un cupón exprés! Actívalo cuando quieras empezar.')
    expect(answer.body.data.balances.terydollars).toBe(0)
    expect(answer.body.data.coupon).toMatchObject({
      status: 'pending',
      price: { currency: 'terydollars', amount: 5 },
      reward: { currency: 'gems', amount: 300 },
      durationHours: 72,
      boughtAt: START.toISOString(),
      activatedAt: null,
      expiresAt: null,
      missions: [],
      progress: { done: 0, total: 3 },
    })
    const [paid] = await server.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, `coupon.buy:${answer.body.data.coupon.id}`))
    expect(paid).toMatchObject({ kind: 'coupon.buy', amount: 5, currency: 'terydollars' })
    expect((await state(player)).coupon?.id).toBe(answer.body.data.coupon.id)
  })

  it('refuses a second unfinished coupon and changes nothing', async () => {
    const player = await buyer()
    await bought(player)
    await fund(server, player.id, { terydollars: PRICE })
    const before = await couponRows()
    const again = await post('buy', player, { price: PRICE })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(
      'Ya tienes un cupón sin terminar. Complétalo o reclámalo antes de comprar otro.',
    )
    expect(await couponRows()).toEqual(before)
    expect((await getBalances(server.db, player.id)).terydollars).toBe(PRICE)
  })

  it('refuses a player short of terydollars, and a price that is not the price, keeping no coupon', async () => {
    const player = await newPlayer(server)
    const before = await couponRows()
    const short = await post('buy', player, { price: PRICE })
    expect(short.status).toBe(400)
    expect(short.body.message).toBe('No tienes suficientes terydólares para comprar el cupón')
    await fund(server, player.id, { terydollars: 50 })
    const changed = await post('buy', player, { price: PRICE - 1 })
    expect(changed.status).toBe(409)
    expect(changed.body.message).toBe(
      'El precio del cupón cambió. Revisa el nuevo precio y vuelve a comprar.',
    )
    const counts = await couponRows()
    expect({ ...counts, ledgerTransfers: before.ledgerTransfers }).toEqual(before)
  })

  it('asks for a session, checks the price and changes nothing', async () => {
    const player = await buyer()
    const before = await couponRows()
    expect((await post('buy', null, { price: PRICE })).status).toBe(401)
    for (const price of ['5', 0, 2.5, -5, null]) {
      const bad = await post('buy', player, { price })
      expect(bad.status).toBe(400)
      expect(bad.body.message).toBe('El precio del cupón no es válido')
    }
    expect(await couponRows()).toEqual(before)
  })

  it('opens one coupon and charges once when the same player sends 20 purchases at once', async () => {
    const player = await buyer()
    await fund(server, player.id, { terydollars: PRICE * 19 })
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('buy', player, { price: PRICE })),
    )
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1)
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(19)
    expect((await getBalances(server.db, player.id)).terydollars).toBe(PRICE * 19)
    expect((await state(player)).history).toHaveLength(1)
  })

  it('answers a replayed Idempotency-Key with the first answer, paying once', async () => {
    const player = await buyer()
    await fund(server, player.id, { terydollars: PRICE })
    const headers = { 'idempotency-key': `cupon-${player.id}` }
    const first = await server.call('/api/coupon/buy', {
      body: { price: PRICE },
      cookie: player.cookie,
      headers,
    })
    const replay = await server.call('/api/coupon/buy', {
      body: { price: PRICE },
      cookie: player.cookie,
      headers,
    })
    expect(replay.status).toBe(201)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(replay.body).toEqual(first.body)
    expect((await getBalances(server.db, player.id)).terydollars).toBe(PRICE)
  })
})

describe('POST /api/coupon/active', () => {
  it("starts the coupon's time and gives the player its missions, taken, theirs alone", async () => {
    const player = await buyer()
    const coupon = await bought(player)
    const answer = await post('active', player, { couponId: coupon.id })

    expect(answer.status).toBe(200)
    expect(answer.body.message).toBe(
      '¡Tu cupón está activo! Completa sus misiones antes de que venza.',
    )
    const active = answer.body.data.coupon
    expect(active).toMatchObject({
      status: 'active',
      activatedAt: START.toISOString(),
      expiresAt: new Date(START.getTime() + 72 * HOUR_MS).toISOString(),
      progress: { done: 0, total: 3 },
    })
    expect(active.missions.map((mission) => [mission.title, mission.state])).toEqual(
      COUPON_RULES.missions.map((mission) => [mission.title, 'added']),
    )
    const current = await server.call<{ docs: { id: string; source: string }[] }>(
      '/api/mission/current',
      { cookie: player.cookie },
    )
    const mine = current.body.data.docs.filter((doc) =>
      active.missions.some((mission) => mission.id === doc.id),
    )
    expect(mine.map((doc) => doc.source)).toEqual(['coupon', 'coupon', 'coupon'])
    // On /missions they come first, where the coupon's IR A LA MISIÓN lands, before the
    // missions everyone has (more than a page of them).
    const firstPage = await server.call<{ docs: { id: string }[]; totalPages: number }>(
      '/api/mission/available?type=2&page=1',
      { cookie: player.cookie },
    )
    expect(firstPage.body.data.totalPages).toBeGreaterThan(1)
    expect(firstPage.body.data.docs.slice(0, 3).map((doc) => doc.id)).toEqual(
      active.missions.map((mission) => mission.id),
    )
    const someoneElse = await newPlayer(server)
    const theirs = await server.call<{ docs: { id: string }[] }>(
      '/api/mission/available?type=2&page=2',
      { cookie: someoneElse.cookie },
    )
    expect(
      theirs.body.data.docs.filter((doc) =>
        active.missions.some((mission) => mission.id === doc.id),
      ),
    ).toEqual([])
  })

  it("refuses a second activation, another player's coupon and a bad id, changing nothing", async () => {
    const player = await buyer()
    const coupon = await activated(player)
    const stranger = await newPlayer(server)
    const before = await couponRows()

    const again = await post('active', player, { couponId: coupon.id })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Este cupón ya fue activado')
    const foreign = await post('active', stranger, { couponId: coupon.id })
    expect(foreign.status).toBe(404)
    expect(foreign.body.message).toBe('El cupón no existe')
    const bad = await post('active', player, { couponId: 'no-es-un-id' })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('El cupón no es válido')
    expect((await post('active', null, { couponId: coupon.id })).status).toBe(401)
    expect(await couponRows()).toEqual(before)
  })
})

describe('POST /api/coupon/pending', () => {
  it('tracks the missions: active while some are left, claimable once all are claimed', async () => {
    const player = await buyer()
    const coupon = await activated(player)
    clock.advance(10)
    const [first, ...rest] = coupon.missions
    if (!first) throw new Error('no mission')
    await complete(player, first.id)

    const partway = await post('pending', player, { couponId: coupon.id })
    expect(partway.status).toBe(200)
    expect(partway.body.message).toBe('Seguimiento del cupón actualizado')
    expect(partway.body.data.coupon).toMatchObject({
      status: 'active',
      progress: { done: 1, total: 3 },
    })
    for (const mission of rest) await complete(player, mission.id)
    const done = await post('pending', player, { couponId: coupon.id })
    expect(done.body.data.coupon).toMatchObject({
      status: 'claimable',
      progress: { done: 3, total: 3 },
    })
    const [row] = await server.db.select().from(coupons).where(eq(coupons.id, coupon.id))
    expect(row?.state).toBe('claimable')
  })

  it('expires a coupon whose time ran out first, and its unfinished missions leave the lists', async () => {
    const player = await buyer()
    const coupon = await activated(player)
    clock.advance(10)
    const [first, second] = coupon.missions
    if (!first || !second) throw new Error('no missions')
    await complete(player, first.id)
    clock.advance(72 * 60 * 60)

    expect((await state(player)).coupon?.status).toBe('expired')
    const tracked = await post('pending', player, { couponId: coupon.id })
    expect(tracked.body.data.coupon).toMatchObject({
      status: 'expired',
      progress: { done: 1, total: 3 },
    })
    const left = await server.db
      .select({ state: missionAssignments.state })
      .from(missionAssignments)
      .innerJoin(couponMissions, eq(couponMissions.missionId, missionAssignments.missionId))
      .where(eq(couponMissions.couponId, coupon.id))
    expect(left.map((assignment) => assignment.state)).toEqual(['claimed'])
    const gone = await server.call(`/api/mission/${second.id}/check`, { cookie: player.cookie })
    expect(gone.status).toBe(404)
    const claim = await post('claim', player, { couponId: coupon.id })
    expect(claim.status).toBe(409)
    expect(claim.body.message).toBe('Tu cupón venció antes de que completaras sus misiones')
    // An expired coupon no longer blocks the next one.
    await fund(server, player.id, { terydollars: PRICE })
    expect((await post('buy', player, { price: PRICE })).status).toBe(201)
  })

  it('refuses a pending coupon, a stranger and a bad id, changing nothing', async () => {
    const player = await buyer()
    const coupon = await bought(player)
    const stranger = await newPlayer(server)
    const before = await couponRows()
    const early = await post('pending', player, { couponId: coupon.id })
    expect(early.status).toBe(409)
    expect(early.body.message).toBe('Este cupón no está activo')
    expect((await post('pending', stranger, { couponId: coupon.id })).status).toBe(404)
    expect((await post('pending', player, { couponId: 7 })).status).toBe(400)
    expect((await post('pending', null, { couponId: coupon.id })).status).toBe(401)
    expect(await couponRows()).toEqual(before)
  })
})

describe('the hourly settle-coupons job', () => {
  it('settles the coupons whose time ran out: done in time claimable, the others expired', async () => {
    const done = await buyer()
    const doneCoupon = await completed(done)
    const late = await buyer()
    const lateCoupon = await activated(late)
    clock.advance(73 * 60 * 60)
    const job = SCHEDULED_JOBS.find((candidate) => candidate.name === 'settle-coupons')
    if (!job) throw new Error('no settle-coupons job')
    expect(await runJobOnce(server.db, job, clock.now())).toBe('ran')
    const rows = await server.db
      .select({ id: coupons.id, state: coupons.state })
      .from(coupons)
      .where(eq(coupons.userId, done.id))
    expect(rows).toEqual([{ id: doneCoupon.id, state: 'claimable' }])
    const [expired] = await server.db
      .select({ state: coupons.state })
      .from(coupons)
      .where(eq(coupons.id, lateCoupon.id))
    expect(expired?.state).toBe('expired')
    const [switchedOff] = await server.db
      .select({ n: count() })
      .from(missions)
      .innerJoin(couponMissions, eq(couponMissions.missionId, missions.id))
      .where(and(eq(couponMissions.couponId, lateCoupon.id), eq(missions.active, false)))
    expect(switchedOff?.n).toBe(3)
    // Claimable is earned: the reward still waits after the coupon's time.
    expect((await post('claim', done, { couponId: doneCoupon.id })).status).toBe(200)
  })
})

describe('POST /api/coupon/claim', () => {
  it("pays the coupon's reward once its missions are claimed, and the coupon ends", async () => {
    const player = await buyer()
    const coupon = await completed(player)
    const before = await getBalances(server.db, player.id)

    const answer = await post('claim', player, { couponId: coupon.id })

    expect(answer.status).toBe(200)
    expect(answer.body.message).toBe('¡Reclamaste tu cupón exprés!')
    expect(answer.body.data.balances.gems).toBe(before.gems + 300)
    expect(answer.body.data.coupon).toMatchObject({
      status: 'claimed',
      claimedAt: clock.now().toISOString(),
    })
    const [paid] = await server.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, `coupon.claim:${coupon.id}`))
    expect(paid).toMatchObject({ kind: 'coupon.claim', amount: 300, currency: 'gems' })
    const again = await post('claim', player, { couponId: coupon.id })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Ya reclamaste este cupón')
    // A claimed coupon frees the player to buy the next one.
    await fund(server, player.id, { terydollars: PRICE })
    expect((await post('buy', player, { price: PRICE })).status).toBe(201)
  })

  it("refuses while missions are left, a stranger's claim and a bad id, changing nothing", async () => {
    const player = await buyer()
    const coupon = await activated(player)
    const stranger = await newPlayer(server)
    const before = await couponRows()
    const early = await post('claim', player, { couponId: coupon.id })
    expect(early.status).toBe(409)
    expect(early.body.message).toBe('Aún te faltan misiones del cupón por reclamar')
    expect((await post('claim', stranger, { couponId: coupon.id })).status).toBe(404)
    expect((await post('claim', player, {})).status).toBe(400)
    expect((await post('claim', null, { couponId: coupon.id })).status).toBe(401)
    expect(await couponRows()).toEqual(before)
  })

  it('pays once when the same player sends 50 claims at once', async () => {
    const player = await buyer()
    const coupon = await completed(player)
    const before = await getBalances(server.db, player.id)
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post('claim', player, { couponId: coupon.id })),
    )
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(49)
    expect((await getBalances(server.db, player.id)).gems).toBe(before.gems + 300)
  })
})

describe.runIf(onPostgres)('on PostgreSQL, racing transactions', () => {
  it('opens one coupon for one of 20 purchases racing in separate transactions', async () => {
    const player = await buyer()
    await fund(server, player.id, { terydollars: PRICE * 19 })
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('buy', player, { price: PRICE })),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      201,
      ...Array<number>(19).fill(409),
    ])
    const [open] = await server.db
      .select({ n: count() })
      .from(coupons)
      .where(eq(coupons.userId, player.id))
    expect(open?.n).toBe(1)
    expect((await getBalances(server.db, player.id)).terydollars).toBe(PRICE * 19)
  })

  it('pays one of 50 claims racing in separate transactions, whatever they interleave', async () => {
    const player = await buyer()
    const coupon = await completed(player)
    const before = await getBalances(server.db, player.id)
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post('claim', player, { couponId: coupon.id })),
    )
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
    const [mine] = await server.db
      .select({ n: count() })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, `coupon.claim:${coupon.id}`))
    expect(mine?.n).toBe(1)
    expect((await getBalances(server.db, player.id)).gems).toBe(before.gems + 300)
  })
})

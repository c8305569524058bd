import { and, count, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type {
  BonusResult,
  CollectResult,
  MineState,
  MiningModeChange,
  PayoutDetail,
  PayoutSummary,
} from '../../contract/mining'
import type { Paginated } from '../../contract/pagination'
import { accounts, ledgerTransfers, penalties, users } from '../../server/db/schema'
import { assertLedgerInvariant, getBalances } from '../../server/services/ledger'
import { addPlayer, cookieOf, HOUR, pay, testClock, type Player } from './support/players'
import { changedTables, dbState } from '../harness/db-state'
import { rowCounts, startTestServer, type TestServer } from './support/test-server'

// Wednesday 18 November 2026, 10:00 in Bogota.
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

async function miner(terycarbons = 0): Promise<{ player: Player; cookie: string }> {
  const player = await addPlayer(server.db)
  if (terycarbons > 0) await pay(server.db, player, 'terycarbons', terycarbons)
  return { player, cookie: await cookieOf(server, player) }
}

const mine = (cookie: string) => server.call<MineState>('/api/node', { cookie })
const activate = (cookie: string, station: unknown) =>
  server.call<MineState>('/api/user/node/activate', { cookie, body: { station } })
const collect = (cookie: string, mode = 'terycarbons') =>
  server.call<CollectResult>('/api/adlot/collect', { cookie, body: { mode } })
const setMode = (cookie: string, body: Record<string, unknown>) =>
  server.call<MiningModeChange>('/api/user/miningMode', { method: 'PATCH', cookie, body })

async function transfersOf(player: Player, kind: string) {
  const [row] = await server.db
    .select({ n: count() })
    .from(ledgerTransfers)
    .innerJoin(accounts, eq(accounts.id, ledgerTransfers.fromAccountId))
    .where(and(eq(accounts.userId, player.id), eq(ledgerTransfers.kind, kind)))
  const [credited] = await server.db
    .select({ n: count() })
    .from(ledgerTransfers)
    .innerJoin(accounts, eq(accounts.id, ledgerTransfers.toAccountId))
    .where(and(eq(accounts.userId, player.id), eq(ledgerTransfers.kind, kind)))
  return (row?.n ?? 0) + (credited?.n ?? 0)
}

describe('GET /api/node', () => {
  it("opens a new player's mine: terycarbons mode, gems locked, nine stations off, an empty backpack", async () => {
    clock.set('2026-11-18T15:00:00Z')
    const { cookie } = await miner()
    const result = await mine(cookie)
    expect(result.status).toBe(200)
    const state = result.body.data
    expect(state.mode).toBe('terycarbons')
    expect(state.modes).toEqual([
      { mode: 'terycarbons', unlocked: true, price: 0 },
      { mode: 'gems', unlocked: false, price: 1000 },
    ])
    expect(state.stations.map((s) => [s.name, s.share, s.fuelCost, s.on])).toEqual([
      ['Mina', 3, 15, false],
      ['Exploración', 4, 20, false],
      ['Extracción', 5, 25, false],
      ['Lavado', 7, 35, false],
      ['Lixiviación', 9, 45, false],
      ['Fundición', 10, 50, false],
      ['Investigación', 12, 60, false],
      ['Almacén', 15, 75, false],
      ['Banco', 35, 175, false],
    ])
    expect(state.backpack).toEqual({
      currency: 'terycarbons',
      amount: 0,
      capacity: 300,
      perSecond: 0,
      at: '2026-11-18T15:00:00.000Z',
    })
    expect(state.bonus).toEqual({ amount: 0, days: 0 })
    expect(state.balances.terycarbons).toBe(100)
  })

  it('answers 401 without a session', async () => {
    const result = await server.call('/api/node')
    expect(result.status).toBe(401)
    expect(result.body.message).toBe('La sesión ha terminado')
  })
})

describe('POST /api/user/node/activate', () => {
  it('pays the station’s fuel and turns it on for 24 hours, recording why in the ledger', async () => {
    clock.set('2026-11-18T15:00:00Z')
    const { player, cookie } = await miner(400)
    const result = await activate(cookie, 9)
    expect(result.status).toBe(200)
    expect(result.body.message).toBe('Estación encendida')
    const banco = result.body.data.stations[8]
    expect(banco).toMatchObject({
      name: 'Banco',
      on: true,
      secondsLeft: 24 * 3600,
      endsAt: '2026-11-19T15:00:00.000Z',
    })
    expect(result.body.data.balances.terycarbons).toBe(500 - 175)
    const [fuel] = await server.db
      .select({ amount: ledgerTransfers.amount, cause: ledgerTransfers.cause })
      .from(ledgerTransfers)
      .innerJoin(accounts, eq(accounts.id, ledgerTransfers.fromAccountId))
      .where(and(eq(accounts.userId, player.id), eq(ledgerTransfers.kind, 'mine.fuel')))
    expect(fuel).toEqual({ amount: 175, cause: { station: 9, hours: 24 } })

    clock.advance(24 * HOUR)
    const later = await mine(cookie)
    expect(later.body.data.stations[8]).toMatchObject({ on: false, secondsLeft: 0, endsAt: null })
  })

  it('refuses a station that is on already, and charges nothing', async () => {
    clock.set('2026-11-18T15:00:00Z')
    const { player, cookie } = await miner()
    expect((await activate(cookie, 1)).status).toBe(200)
    const again = await activate(cookie, 1)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Esa estación ya está encendida')
    expect(await transfersOf(player, 'mine.fuel')).toBe(1)
  })

  it('refuses without enough terycarbons, and changes nothing', async () => {
    clock.set('2026-11-18T15:00:00Z')
    const { player, cookie } = await miner()
    // A first call to a mine not opened yet: the refusal opens none either.
    const before = await dbState(server.db)
    const result = await activate(cookie, 9)
    expect(result.status).toBe(409)
    expect(result.body.message).toBe('No tienes suficientes terycarbonos')
    expect(changedTables(before, await dbState(server.db))).toEqual([])
    expect((await getBalances(server.db, player.id)).terycarbons).toBe(100)
    expect((await mine(cookie)).body.data.stations[8]?.on).toBe(false)
  })

  it.each([[0], [10], ['3'], [2.5], [null]])(
    'answers 400 to station %j with its Spanish message, and changes nothing',
    async (station) => {
      const { cookie } = await miner()
      const before = await rowCounts(server.db)
      const result = await server.call<{ fields: Record<string, string> }>(
        '/api/user/node/activate',
        { cookie, body: { station } },
      )
      expect(result.status).toBe(400)
      expect(result.body.message).toBe('Elige una estación de la 1 a la 9')
      expect(result.body.data.fields.station).toBe('Elige una estación de la 1 a la 9')
      expect(await rowCounts(server.db)).toEqual(before)
    },
  )

  it('charges once when 20 activations of one station arrive at once', async () => {
    clock.set('2026-11-18T15:00:00Z')
    const { player, cookie } = await miner(1000)
    const results = await Promise.all(Array.from({ length: 20 }, () => activate(cookie, 9)))
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    expect(results.filter((r) => r.status === 409)).toHaveLength(19)
    expect(await transfersOf(player, 'mine.fuel')).toBe(1)
    expect((await getBalances(server.db, player.id)).terycarbons).toBe(1100 - 175)
  })
})

describe('production over time, from timestamps', () => {
  it('fills the backpack with each station’s share, stops at its capacity, and pays it at collect', async () => {
    clock.set('2026-11-18T15:00:00Z')
    const { player, cookie } = await miner(400)
    for (let station = 1; station <= 9; station += 1) {
      expect((await activate(cookie, station)).status).toBe(200)
    }
    expect((await mine(cookie)).body.data.backpack).toMatchObject({ amount: 0 })

    clock.advance(HOUR)
    const hour = (await mine(cookie)).body.data.backpack
    // The full mine makes 600 terycarbons a day: 25 an hour.
    expect(hour.amount).toBe(25)
    expect(hour.perSecond).toBeCloseTo(600 / 86_400, 10)

    clock.advance(11 * HOUR)
    expect((await mine(cookie)).body.data.backpack).toMatchObject({ amount: 300, perSecond: 0 })
    clock.advance(HOUR)
    expect((await mine(cookie)).body.data.backpack.amount).toBe(300)

    const collected = await collect(cookie)
    expect(collected.status).toBe(200)
    expect(collected.body.message).toBe('Recogiste lo que produjo tu mina')
    expect(collected.body.data).toMatchObject({ amount: 300, currency: 'terycarbons' })
    expect(collected.body.data.mine.backpack.amount).toBe(0)
    expect(collected.body.data.mine.balances.terycarbons).toBe(300)
    expect((await getBalances(server.db, player.id)).terycarbons).toBe(300)

    const payout = await server.call<PayoutDetail>(
      `/api/node/payouts/${collected.body.data.payoutId}`,
      { cookie },
    )
    expect(payout.body.data).toMatchObject({
      kind: 'mine.collect',
      amount: 300,
      currency: 'terycarbons',
    })
    expect(payout.body.data.cause).toEqual({
      mode: 'terycarbons',
      from: '2026-11-18T15:00:00.000Z',
      to: '2026-11-19T04:00:00.000Z',
      produced: 325,
      capacity: 300,
      perDay: 600,
      trigger: 'collect',
      s1: 9,
      s2: 12,
      s3: 15,
      s4: 21,
      s5: 27,
      s6: 30,
      s7: 36,
      s8: 45,
      s9: 105,
    })
  })

  it('counts only the hours a station was on', async () => {
    clock.set('2026-11-18T15:00:00Z')
    const { cookie } = await miner(100)
    await activate(cookie, 9)
    clock.advance(30 * HOUR)
    // Banco, 35% of 600 a day, for its 24 hours: 210; off for the last six.
    const state = (await mine(cookie)).body.data
    expect(state.backpack).toMatchObject({ amount: 210, perSecond: 0 })
    expect(state.stations[8]?.on).toBe(false)
    expect((await collect(cookie)).body.data.amount).toBe(210)
  })

  it('refuses to collect an empty backpack or in a mode the mine is not in, and changes nothing', async () => {
    clock.set('2026-11-18T15:00:00Z')
    const { cookie } = await miner()
    const before = await rowCounts(server.db)
    // A first call to a mine not opened yet: the refusal opens none either.
    const untouched = await dbState(server.db)
    const empty = await collect(cookie)
    expect(empty.status).toBe(409)
    expect(empty.body.message).toBe('Tu mochila aún no tiene nada para recoger')
    expect(changedTables(untouched, await dbState(server.db))).toEqual([])
    await activate(cookie, 1)
    clock.advance(10 * HOUR)
    const running = await dbState(server.db)
    const wrong = await collect(cookie, 'gems')
    expect(wrong.status).toBe(409)
    expect(wrong.body.message).toBe(
      'El modo de minería cambió en otra pantalla: vuelve a cargar la mina',
    )
    expect(changedTables(running, await dbState(server.db))).toEqual([])
    const invalid = await server.call('/api/adlot/collect', { cookie, body: { mode: 'oro' } })
    expect(invalid.status).toBe(400)
    expect(invalid.body.message).toBe('Elige un modo de minería: terycarbonos o gemas')
    expect((await rowCounts(server.db)).ledgerTransfers).toBe(before.ledgerTransfers + 1)
  })

  it('pays once when 20 collects arrive at once', async () => {
    clock.set('2026-11-18T15:00:00Z')
    const { player, cookie } = await miner(400)
    await activate(cookie, 9)
    clock.advance(6 * HOUR)
    const results = await Promise.all(Array.from({ length: 20 }, () => collect(cookie)))
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    expect(results.filter((r) => r.status === 409)).toHaveLength(19)
    expect(await transfersOf(player, 'mine.collect')).toBe(1)
  })
})

describe('PATCH /api/user/miningMode', () => {
  it('keeps the gems mode locked until the player agrees to its price', async () => {
    clock.set('2026-11-18T15:00:00Z')
    const { player, cookie } = await miner(2000)
    const locked = await setMode(cookie, { mode: 'gems' })
    expect(locked.status).toBe(409)
    expect(locked.body.message).toBe('Ese modo está bloqueado: desbloquéalo con terycarbonos')
    expect(await transfersOf(player, 'mine.unlock')).toBe(0)
  })

  it('unlocks the gems mode once for 1 000 terycarbons, collecting the backpack first', async () => {
    clock.set('2026-11-18T15:00:00Z')
    const { player, cookie } = await miner(1500)
    await activate(cookie, 9)
    clock.advance(4 * HOUR)
    const unlocked = await setMode(cookie, { mode: 'gems', unlock: true })
    expect(unlocked.status).toBe(200)
    expect(unlocked.body.message).toBe('Modo de minería actualizado')
    // Banco for 4 hours: 35% of 600 / 6 = 35 terycarbons, collected before the switch.
    expect(unlocked.body.data).toMatchObject({
      paid: 1000,
      collected: { amount: 35, currency: 'terycarbons' },
    })
    expect(unlocked.body.data.mine.mode).toBe('gems')
    expect(unlocked.body.data.mine.modes[1]).toEqual({ mode: 'gems', unlocked: true, price: 1000 })
    expect(unlocked.body.data.mine.backpack).toMatchObject({
      currency: 'gems',
      amount: 0,
      capacity: 60,
    })
    expect((await getBalances(server.db, player.id)).terycarbons).toBe(1600 - 175 - 1000 + 35)

    // Banco in gems: 35% of 120 a day, 1.75 an hour.
    clock.advance(4 * HOUR)
    expect((await mine(cookie)).body.data.backpack.amount).toBe(7)

    const back = await setMode(cookie, { mode: 'terycarbons' })
    expect(back.body.data).toMatchObject({ paid: 0, collected: { amount: 7, currency: 'gems' } })
    const again = await setMode(cookie, { mode: 'gems' })
    expect(again.body.data.paid).toBe(0)
    expect(await transfersOf(player, 'mine.unlock')).toBe(1)
  })

  it('refuses to unlock without enough terycarbons, and changes nothing', async () => {
    clock.set('2026-11-18T15:00:00Z')
    const { cookie } = await miner()
    const before = await dbState(server.db)
    const result = await setMode(cookie, { mode: 'gems', unlock: true })
    expect(result.status).toBe(409)
    expect(result.body.message).toBe('No tienes suficientes terycarbonos')
    expect(changedTables(before, await dbState(server.db))).toEqual([])
    expect((await mine(cookie)).body.data.mode).toBe('terycarbons')
  })

  it('answers 400 to an unknown mode, and changes nothing', async () => {
    const { cookie } = await miner()
    const result = await setMode(cookie, { mode: 'oro' })
    expect(result.status).toBe(400)
    expect(result.body.message).toBe('Elige un modo de minería: terycarbonos o gemas')
  })

  it('charges once when 20 unlocks arrive at once', async () => {
    clock.set('2026-11-18T15:00:00Z')
    const { player, cookie } = await miner(5000)
    const results = await Promise.all(
      Array.from({ length: 20 }, () => setMode(cookie, { mode: 'gems', unlock: true })),
    )
    expect(results.every((r) => r.status === 200)).toBe(true)
    expect(results.filter((r) => r.body.data.paid === 1000)).toHaveLength(1)
    expect(await transfersOf(player, 'mine.unlock')).toBe(1)
    expect((await getBalances(server.db, player.id)).terycarbons).toBe(4100)
  })
})

describe('POST /api/inventory/purchase/fuel', () => {
  it('buys terycarbons with terydollars (100 each) or gems (2 each)', async () => {
    const { player, cookie } = await miner()
    await pay(server.db, player, 'terydollars', 5)
    await pay(server.db, player, 'gems', 200)
    const withDollars = await server.call('/api/inventory/purchase/fuel', {
      cookie,
      body: { amount: 300, payWith: 'terydollars' },
    })
    expect(withDollars.status).toBe(200)
    expect(withDollars.body).toMatchObject({
      message: 'Compraste terycarbonos',
      data: {
        terycarbons: 300,
        paid: { amount: 3, currency: 'terydollars' },
        balances: { terycarbons: 400, terydollars: 2 },
      },
    })
    const withGems = await server.call('/api/inventory/purchase/fuel', {
      cookie,
      body: { amount: 200, payWith: 'gems' },
    })
    expect(withGems.body.data).toMatchObject({
      paid: { amount: 100, currency: 'gems' },
      balances: { terycarbons: 600, gems: 100 },
    })
  })

  it.each([
    [
      { amount: 150, payWith: 'gems' },
      'La cantidad debe ser un múltiplo de 100, entre 100 y 100.000',
    ],
    [
      { amount: 0, payWith: 'gems' },
      'La cantidad debe ser un múltiplo de 100, entre 100 y 100.000',
    ],
    [
      { amount: 100_100, payWith: 'gems' },
      'La cantidad debe ser un múltiplo de 100, entre 100 y 100.000',
    ],
    [{ amount: 100, payWith: 'btc' }, 'Elige cómo pagar: terydólares o gemas'],
    [{ payWith: 'gems' }, 'El campo es requerido'],
  ])('answers 400 to %j with its Spanish message, and changes nothing', async (body, message) => {
    const { cookie } = await miner()
    const before = await rowCounts(server.db)
    const result = await server.call('/api/inventory/purchase/fuel', { cookie, body })
    expect(result.status).toBe(400)
    expect(result.body.message).toBe(message)
    expect(await rowCounts(server.db)).toEqual(before)
  })

  it('refuses a purchase the player cannot pay, and changes nothing', async () => {
    const { player, cookie } = await miner()
    const before = await rowCounts(server.db)
    const result = await server.call('/api/inventory/purchase/fuel', {
      cookie,
      body: { amount: 100, payWith: 'terydollars' },
    })
    expect(result.status).toBe(409)
    expect(result.body.message).toBe('No tienes suficientes terydólares')
    expect(await rowCounts(server.db)).toEqual(before)
    expect(await getBalances(server.db, player.id)).toMatchObject({
      terycarbons: 100,
      terydollars: 0,
    })
  })
})

describe('the team bonus', () => {
  /** A player at Bronce III (6%) with two generations below and a penalized direct referral. */
  async function team() {
    const leader = await addPlayer(server.db, { name: 'Líder Bono' })
    await server.db.update(users).set({ rankIndex: 2 }).where(eq(users.id, leader.id))
    const first = await addPlayer(server.db, { parentCode: leader.code })
    const second = await addPlayer(server.db, { parentCode: first.code })
    const penalized = await addPlayer(server.db, { parentCode: leader.code })
    await server.db.insert(penalties).values({ userId: penalized.id, week: '2026-11-09' })
    await pay(server.db, leader, 'terycarbons', 400)
    return { leader, first, second, penalized, cookie: await cookieOf(server, leader) }
  }

  it('pays the rank percent of what the team earned on a closed day, split by station hours', async () => {
    const { leader, first, second, penalized, cookie } = await team()
    // All nine stations on from 23:00 the day before: 23 of the 24 hours of 18 November.
    clock.set('2026-11-18T04:00:00Z')
    for (let station = 1; station <= 9; station += 1) await activate(cookie, station)
    await pay(server.db, first, 'gems', 100, {
      kind: 'mission.claim',
      at: new Date('2026-11-18T12:00:00Z'),
    })
    await pay(server.db, second, 'gems', 50, {
      kind: 'video.finish',
      at: new Date('2026-11-18T20:00:00Z'),
    })
    // Neither a seed nor a penalized member's mission counts.
    await pay(server.db, first, 'gems', 1000, { at: new Date('2026-11-18T13:00:00Z') })
    await pay(server.db, penalized, 'gems', 500, {
      kind: 'mission.claim',
      at: new Date('2026-11-18T13:00:00Z'),
    })
    // The day is not over: nothing to collect yet.
    clock.set('2026-11-18T23:00:00Z')
    expect((await mine(cookie)).body.data.bonus).toEqual({ amount: 0, days: 0 })

    clock.set('2026-11-19T15:00:00Z')
    // 6% of 150 is 9 gems; the stations were on 23 of 24 hours: 8.625, 8 whole gems.
    expect((await mine(cookie)).body.data.bonus).toEqual({ amount: 8, days: 1 })
    const result = await server.call<BonusResult>('/api/adlot/collectBonus', { cookie, body: {} })
    expect(result.status).toBe(200)
    expect(result.body.message).toBe('Recogiste tu bono de equipo')
    expect(result.body.data).toMatchObject({
      amount: 8,
      days: 1,
      mine: { bonus: { amount: 0, days: 0 } },
    })
    // Only the bonus: its members' referral rewards wait for their first play (decision 026),
    // which `pay` does not make.
    expect((await getBalances(server.db, leader.id)).gems).toBe(8)

    const payouts = await server.call<Paginated<PayoutSummary>>('/api/node/payouts', { cookie })
    const bonus = payouts.body.data.docs.find((p) => p.kind === 'team.bonus')
    const detail = await server.call<PayoutDetail>(`/api/node/payouts/${bonus?.id}`, { cookie })
    expect(detail.body.data.cause).toMatchObject({
      day: '2026-11-18',
      rankIndex: 2,
      rankPercent: 6,
      teamEarned: 150,
      pool: 9,
      g1: 100,
      g2: 50,
      g3: 0,
      h1: 23,
      h9: 23,
    })
    const parts = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => detail.body.data.cause[`s${n}`] as number)
    expect(parts.reduce((a, b) => a + b, 0)).toBe(8)

    const again = await server.call('/api/adlot/collectBonus', { cookie, body: {} })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Aún no hay bono de equipo para recoger')
  })

  it('pays nothing for a day the stations were off', async () => {
    const { first, cookie } = await team()
    await pay(server.db, first, 'gems', 100, {
      kind: 'mission.claim',
      at: new Date('2026-11-18T12:00:00Z'),
    })
    clock.set('2026-11-19T15:00:00Z')
    expect((await mine(cookie)).body.data.bonus).toEqual({ amount: 0, days: 0 })
  })

  it('refuses a penalized player’s bonus', async () => {
    const { penalized } = await team()
    const cookie = await cookieOf(server, penalized)
    const before = await dbState(server.db)
    const result = await server.call('/api/adlot/collectBonus', { cookie, body: {} })
    expect(result.status).toBe(403)
    expect(result.body.message).toBe(
      'Tu cuenta está penalizada: reactívala para recoger el bono de equipo',
    )
    expect(changedTables(before, await dbState(server.db))).toEqual([])
  })

  it('pays a day once when 20 collects arrive at once', async () => {
    const { leader, first, cookie } = await team()
    clock.set('2026-11-18T04:00:00Z')
    await activate(cookie, 9)
    await pay(server.db, first, 'gems', 1000, {
      kind: 'mission.claim',
      at: new Date('2026-11-18T12:00:00Z'),
    })
    clock.set('2026-11-19T15:00:00Z')
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.call('/api/adlot/collectBonus', { cookie, body: {} }),
      ),
    )
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    expect(await transfersOf(leader, 'team.bonus')).toBe(1)
  })
})

describe('GET /api/node/payouts/{id}', () => {
  it('refuses another player’s credit and the player’s own debits', async () => {
    clock.set('2026-11-18T15:00:00Z')
    const owner = await miner(100)
    await activate(owner.cookie, 9)
    clock.advance(HOUR)
    const collected = await collect(owner.cookie)
    const stranger = await miner()
    const foreign = await server.call(`/api/node/payouts/${collected.body.data.payoutId}`, {
      cookie: stranger.cookie,
    })
    expect(foreign.status).toBe(404)
    expect(foreign.body.message).toBe('Ese pago no existe')
    const [fuel] = await server.db
      .select({ id: ledgerTransfers.id })
      .from(ledgerTransfers)
      .innerJoin(accounts, eq(accounts.id, ledgerTransfers.fromAccountId))
      .where(and(eq(accounts.userId, owner.player.id), eq(ledgerTransfers.kind, 'mine.fuel')))
    expect(
      (await server.call(`/api/node/payouts/${fuel?.id}`, { cookie: owner.cookie })).status,
    ).toBe(404)
    expect(
      (await server.call('/api/node/payouts/abc', { cookie: owner.cookie })).body.message,
    ).toBe('El pago no es válido')
  })
})

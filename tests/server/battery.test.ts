import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type {
  BatteryOperationResult,
  BatteryOverview,
  BatteryQuote,
  TerycarbonBatteryStats,
} from '../../contract/battery'
import type { BurnValue } from '../../contract/terydollar'
import { getBalances, getSystemBalance } from '../../server/services/ledger'
import {
  BATTERY_RULES,
  TERYCARBON_BATTERY_RULES,
  TERYDOLLAR_RULES,
} from '../../server/services/rules'
import { assertEconomyInvariant } from './support/economy'
import { newPlayer, type TestPlayer } from './support/players'
import { rowCounts, startTestServer, type TestServer } from './support/test-server'

const DAY = 24 * 60 * 60 * 1000
let server: TestServer
/** The server's clock: batteries accrue from timestamps, so tests move it by days. */
let clock = new Date('2026-11-23T15:00:00Z')

beforeAll(async () => {
  server = await startTestServer({ now: () => clock })
})

afterAll(async () => {
  await server.close()
})

afterEach(async () => {
  await assertEconomyInvariant(server.db)
})

function post<T>(player: TestPlayer, path: string, body: unknown = {}) {
  return server.call<T>(path, { body, cookie: player.cookie })
}

function overview(player: TestPlayer) {
  return server.call<BatteryOverview>('/api/battery', { cookie: player.cookie })
}

function advance(ms: number) {
  clock = new Date(clock.getTime() + ms)
}

describe('batteries', () => {
  it('are bought with terydollars and produce gems by the day, collected whole', async () => {
    const player = await newPlayer(server, { terydollars: 100 })
    const bought = await post<BatteryOperationResult>(player, '/api/battery/buy', { amount: 3 })
    expect(bought.status).toBe(200)
    expect(bought.body.message).toBe('Baterías compradas')
    expect(bought.body.data.battery).toMatchObject({
      batteries: 3,
      gemsPerDay: 3 * BATTERY_RULES.gemsPerDay,
      claimableGems: 0,
    })
    expect(bought.body.data.balances.terydollars).toBe(100 - 3 * BATTERY_RULES.price)

    advance(DAY / 2)
    expect((await overview(player)).body.data.battery.claimableGems).toBe(12)
    advance(DAY / 2)
    const collected = await post<BatteryOperationResult>(player, '/api/battery/collect')
    expect(collected.status).toBe(200)
    expect(collected.body.message).toBe('Gemas recolectadas')
    expect(collected.body.data.balances.gems).toBe(24)
    expect(collected.body.data.battery).toMatchObject({ claimableGems: 0, collectedGems: 24 })

    const again = await post(player, '/api/battery/collect')
    expect(again.status).toBe(400)
    expect(again.body.message).toBe('Aún no hay gemas para recolectar')
  })

  it('count what accrued at the old number when more are bought later', async () => {
    const player = await newPlayer(server, { terydollars: 100 })
    await post(player, '/api/battery/buy', { amount: 1 })
    advance(DAY)
    await post(player, '/api/battery/buy', { amount: 4 })
    advance(DAY)
    // A day with 1 battery (8 gems) then a day with 5 (40 gems).
    expect((await overview(player)).body.data.battery.claimableGems).toBe(48)
  })

  it('melt back into terydollars at the melt value, keeping what they produced', async () => {
    const player = await newPlayer(server, { terydollars: 50 })
    await post(player, '/api/battery/buy', { amount: 5 })
    advance(DAY)
    const melted = await post<BatteryOperationResult>(player, '/api/battery/melt', { amount: 2 })
    expect(melted.status).toBe(200)
    expect(melted.body.message).toBe('Baterías fundidas')
    expect(melted.body.data.battery).toMatchObject({ batteries: 3, claimableGems: 40 })
    expect(melted.body.data.balances.terydollars).toBe(2 * BATTERY_RULES.meltValue)

    const tooMany = await post(player, '/api/battery/melt', { amount: 4 })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.message).toBe('No tienes suficientes baterías')
  })

  it('refuses a purchase the terydollars do not cover, and changes nothing', async () => {
    const player = await newPlayer(server, { terydollars: 19 })
    const before = await rowCounts(server.db)
    const reserve = await getSystemBalance(server.db, 'battery-reserve', 'terydollars')
    const result = await post(player, '/api/battery/buy', { amount: 2 })
    expect(result.status).toBe(400)
    expect(result.body.message).toBe('No tienes suficientes terydólares')
    expect(await rowCounts(server.db)).toEqual(before)
    expect(await getSystemBalance(server.db, 'battery-reserve', 'terydollars')).toBe(reserve)
    expect((await overview(player)).body.data.battery.batteries).toBe(0)
  })

  it.each([0, 101, 2.5, -3])('refuses to buy %s batteries with 400', async (amount) => {
    const player = await newPlayer(server, { terydollars: 5_000 })
    const result = await post(player, '/api/battery/buy', { amount })
    expect(result.status).toBe(400)
    expect(result.body.data).toEqual({ fields: { amount: expect.stringMatching(/\S/) } })
    expect((await getBalances(server.db, player.id)).terydollars).toBe(5_000)
  })

  it('quote an operation before it is made, and say why it would be refused', async () => {
    const player = await newPlayer(server, { terydollars: 25 })
    const quote = await post<BatteryQuote>(player, '/api/battery', { operation: 'buy', amount: 2 })
    expect(quote.status).toBe(200)
    expect(quote.body.data).toEqual({
      operation: 'buy',
      amount: 2,
      spend: { currency: 'terydollars', amount: 20 },
      receive: null,
      batteries: { before: 0, after: 2 },
      gemsPerDay: { before: 0, after: 16 },
      shortfall: null,
    })
    const tooMuch = await post<BatteryQuote>(player, '/api/battery', {
      operation: 'buy',
      amount: 3,
    })
    expect(tooMuch.body.data.shortfall).toBe('No tienes suficientes terydólares')
    const burn = await post<BatteryQuote>(player, '/api/battery', { operation: 'burn', amount: 5 })
    expect(burn.body.data).toMatchObject({
      spend: { currency: 'terydollars', amount: 5 },
      receive: { currency: 'gems', amount: 5 * TERYDOLLAR_RULES.burn.gemsPerTerydollar },
    })
    const nothing = await post<BatteryQuote>(player, '/api/battery', { operation: 'collect' })
    expect(nothing.body.data.shortfall).toBe('Aún no hay gemas para recolectar')
    const unknown = await post(player, '/api/battery', { operation: 'vender', amount: 1 })
    expect(unknown.status).toBe(400)
    expect(unknown.body.message).toBe('Operación no válida')
    expect((await getBalances(server.db, player.id)).terydollars).toBe(25)
  })
})

describe('burning terydollars', () => {
  it('turns terydollars into gems at the burn rate', async () => {
    const player = await newPlayer(server, { terydollars: 10 })
    const value = await server.call<BurnValue>('/api/terydollar/burn', { cookie: player.cookie })
    expect(value.body.data).toEqual({
      gemsPerTerydollar: TERYDOLLAR_RULES.burn.gemsPerTerydollar,
      terydollars: 10,
      gemsForAll: 10 * TERYDOLLAR_RULES.burn.gemsPerTerydollar,
    })
    const burned = await post<BatteryOperationResult>(player, '/api/terydollar/burn', {
      amount: 4,
    })
    expect(burned.status).toBe(200)
    expect(burned.body.message).toBe('Terydólares quemados')
    expect(burned.body.data.balances).toMatchObject({
      terydollars: 6,
      gems: 4 * TERYDOLLAR_RULES.burn.gemsPerTerydollar,
    })
    const short = await post(player, '/api/terydollar/burn', { amount: 7 })
    expect(short.status).toBe(400)
    expect(short.body.message).toBe('No tienes suficientes terydólares')
  })
})

describe('the terycarbon battery', () => {
  it('is paid in parts, becomes active when paid, and boosts every battery from then on', async () => {
    const { price, minPartial, boostPercent } = TERYCARBON_BATTERY_RULES
    const player = await newPlayer(server, { terycarbons: price + 500, terydollars: 100 })
    await post(player, '/api/battery/buy', { amount: 4 })

    const part = await post<BatteryOperationResult>(player, '/api/user/terycarbonBattery', {
      amount: price - 50,
    })
    expect(part.status).toBe(200)
    expect(part.body.message).toBe('Pago de la batería de terycarbonos registrado')
    expect(part.body.data.terycarbonBattery).toMatchObject({
      paid: price - 50,
      remaining: 50,
      active: false,
    })
    expect(part.body.data.balances.terycarbons).toBe(550)

    const over = await post(player, '/api/user/terycarbonBattery', { amount: minPartial })
    expect(over.status).toBe(400)
    expect(over.body.message).toBe('El monto supera lo que falta por pagar de la batería')

    advance(DAY)
    // The last part may be smaller than the minimum: it is what is left.
    const rest = await post<BatteryOperationResult>(player, '/api/user/terycarbonBattery', {
      amount: 50,
    })
    expect(rest.status).toBe(200)
    expect(rest.body.data.terycarbonBattery).toMatchObject({ remaining: 0, active: true })
    expect(rest.body.data.battery).toMatchObject({
      boostActive: true,
      // The day before the boost: 4 batteries at 8 gems.
      claimableGems: 32,
      gemsPerDay: (4 * BATTERY_RULES.gemsPerDay * (100 + boostPercent)) / 100,
    })
    advance(DAY)
    expect((await overview(player)).body.data.battery.claimableGems).toBe(32 + 40)

    const stats = await server.call<TerycarbonBatteryStats>('/api/battery/terycarbons', {
      cookie: player.cookie,
    })
    expect(stats.body.data).toEqual({
      price,
      paid: price,
      remaining: 0,
      active: true,
      completedAt: expect.any(String),
    })
    const done = await post(player, '/api/user/terycarbonBattery', { amount: 100 })
    expect(done.status).toBe(409)
    expect(done.body.message).toBe('Ya pagaste toda tu batería de terycarbonos')
    expect((await getBalances(server.db, player.id)).terycarbons).toBe(500)
  })

  it('refuses a part below the minimum that is not the rest, and one the terycarbons do not cover', async () => {
    const player = await newPlayer(server, { terycarbons: 150 })
    const small = await post(player, '/api/user/terycarbonBattery', { amount: 99 })
    expect(small.status).toBe(400)
    expect(small.body.message).toBe(
      'El pago es menor que el mínimo por pago: paga al menos el mínimo o todo lo que falta',
    )
    const short = await post(player, '/api/user/terycarbonBattery', { amount: 200 })
    expect(short.status).toBe(400)
    expect(short.body.message).toBe('No tienes suficientes terycarbonos')
    const stats = await server.call<TerycarbonBatteryStats>('/api/battery/terycarbons', {
      cookie: player.cookie,
    })
    expect(stats.body.data).toMatchObject({ paid: 0, active: false })
    expect((await getBalances(server.db, player.id)).terycarbons).toBe(150)
  })
})

describe('battery calls without a session', () => {
  it.each([
    ['GET', '/api/battery'],
    ['POST', '/api/battery/buy'],
    ['POST', '/api/battery/melt'],
    ['POST', '/api/battery/collect'],
    ['POST', '/api/user/terycarbonBattery'],
    ['POST', '/api/terydollar/burn'],
  ])('%s %s answers 401', async (method, path) => {
    const result = await server.call(path, {
      method,
      ...(method === 'GET' ? {} : { body: { amount: 1 } }),
    })
    expect(result.status).toBe(401)
    expect(result.body.message).toBe('La sesión ha terminado')
  })
})

import type { Inbox } from '../../contract/inbox'
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type {
  ConversionResult,
  GemHistoryPage,
  GemTransferResult,
  Inventory,
  MarketOverview,
} from '../../contract/market'
import type { Wallet } from '../../contract/payments'
import type { PlayerRef } from '../../contract/user'
import { runCommand } from '../../server/cli'
import { ledgerTransfers, marketPayouts, users } from '../../server/db/schema'
import { recordFirstPlay } from '../../server/services/referrals'
import { getBalances, getSystemBalance } from '../../server/services/ledger'
import {
  holdPayout,
  markPayoutSent,
  PayoutError,
  rejectPayout,
  releasePayout,
} from '../../server/services/market'
import { runJobOnce } from '../../server/services/jobs'
import { GEM_TRANSFER_RULES, MARKET_RULES } from '../../server/services/rules'
import { SCHEDULED_JOBS } from '../../server/services/scheduled-jobs'
import { assertEconomyInvariant } from './support/economy'
import { newPlayer, type TestPlayer } from './support/players'
import {
  onPostgres,
  rowCounts,
  signupFor,
  startTestServer,
  type TestServer,
} from './support/test-server'

const HOUR = 60 * 60 * 1000
let server: TestServer
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

const USDT = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE'

function saveWallet(player: TestPlayer, body: unknown) {
  return server.call<Wallet[]>('/api/wallet', { body, cookie: player.cookie })
}

function market(player: TestPlayer, query: string, inventoryId = player.id) {
  return server.call<MarketOverview>(`/api/market/${inventoryId}?${query}`, {
    cookie: player.cookie,
  })
}

function convert(player: TestPlayer, symbol: string, amount: unknown) {
  return server.call<ConversionResult>(`/api/market/transfer/${symbol}`, {
    body: { amount },
    cookie: player.cookie,
  })
}

function send(player: TestPlayer, code: string, amount: unknown) {
  return server.call<GemTransferResult>('/api/inventory/send/gems', {
    body: { code, amount },
    cookie: player.cookie,
  })
}

/** The "gems received" welcome messages a player would be shown after login. */
async function gemsReceivedMessages(player: TestPlayer) {
  const inbox = await server.call<Inbox>('/api/messages', { cookie: player.cookie })
  return inbox.body.data.messages.flatMap((message) =>
    message.kind === 'gemsReceived' ? [message.payload] : [],
  )
}

async function admin(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runCommand(server.db, argv, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

describe('wallets', () => {
  it('adds one wallet per payment method, replacing the address of the same method', async () => {
    const player = await newPlayer(server)
    const first = await saveWallet(player, { method: 'usdt', address: USDT })
    expect(first.status).toBe(200)
    expect(first.body.message).toBe('Billetera guardada')
    await saveWallet(player, { method: 'nequi', address: '3109876543' })
    const replaced = await saveWallet(player, { method: 'nequi', address: ' 3001112233 ' })
    expect(replaced.body.data.map(({ method, address }) => ({ method, address }))).toEqual([
      { method: 'usdt', address: USDT },
      { method: 'nequi', address: '3001112233' },
    ])
    const listed = await server.call<Wallet[]>(`/api/wallet/${player.id}`, {
      cookie: player.cookie,
    })
    expect(listed.body.data).toEqual(replaced.body.data)
  })

  it.each([
    [{ method: 'btc', address: '0x12345' }, 'Dirección de Bitcoin no válida'],
    [
      { method: 'usdt', address: '0x52908400098527886E0F7030069857D2E4169EE7' },
      'Dirección de USDT (red TRON, TRC20) no válida',
    ],
    [
      { method: 'paypal', address: 'no-es-correo' },
      'El formato del correo electrónico no es válido',
    ],
    [{ method: 'nequi', address: '6011234567' }, 'Número de Nequi no válido'],
    [
      { method: 'bancolombia', address: '1234' },
      'Número de cuenta Bancolombia no válido (11 dígitos)',
    ],
    [{ method: 'efectivo', address: '1234' }, 'Elige un método de pago válido'],
    [{ method: 'nequi', address: '' }, 'El campo es requerido'],
  ])('refuses %j with its Spanish message and saves nothing', async (body, message) => {
    const player = await newPlayer(server)
    const result = await saveWallet(player, body)
    expect(result.status).toBe(400)
    expect(result.body.message).toBe(message)
    const listed = await server.call<Wallet[]>(`/api/wallet/${player.id}`, {
      cookie: player.cookie,
    })
    expect(listed.body.data).toEqual([])
  })

  it("answers 404 for another player's wallets", async () => {
    const owner = await newPlayer(server)
    await saveWallet(owner, { method: 'usdt', address: USDT })
    const stranger = await newPlayer(server)
    const result = await server.call(`/api/wallet/${owner.id}`, { cookie: stranger.cookie })
    expect(result.status).toBe(404)
    expect(result.body.message).toBe('Billetera no encontrada')
  })
})

describe('the market', () => {
  it('shows the fee and what is paid before converting anything', async () => {
    const player = await newPlayer(server, { gems: 3_000 })
    await saveWallet(player, { method: 'usdt', address: USDT })
    const result = await market(player, 'symbol=usdt&amount=1000')
    expect(result.status).toBe(200)
    expect(result.body.data).toMatchObject({
      symbol: 'usdt',
      gems: 3_000,
      wallet: { method: 'usdt', address: USDT },
      quote: { gems: 1_000, fee: 50, net: 950, valueCents: 950 * MARKET_RULES.centsPerGem },
      payouts: [],
    })
    expect((await market(player, 'symbol=btc')).body.data).toMatchObject({
      wallet: null,
      quote: null,
    })
    const low = await market(player, 'symbol=usdt&amount=499')
    expect(low.status).toBe(400)
    expect(low.body).toEqual({
      status: 400,
      message: 'El mínimo es 500',
      data: { fields: { amount: 'El mínimo es 500' } },
    })
    expect((await market(player, 'symbol=oro')).body.message).toBe('Elige un método de pago válido')
    expect((await getBalances(server.db, player.id)).gems).toBe(3_000)
  })

  it("answers 404 for another player's inventory", async () => {
    const owner = await newPlayer(server)
    const stranger = await newPlayer(server)
    const result = await market(stranger, 'symbol=usdt', owner.id)
    expect(result.status).toBe(404)
    expect(result.body.message).toBe('Inventario no encontrado')
  })

  it('converts gems into a pending payout to the wallet; the operator pays it', async () => {
    const player = await newPlayer(server, { gems: 3_000 })
    await saveWallet(player, { method: 'usdt', address: USDT })
    const result = await convert(player, 'usdt', 2_000)
    expect(result.status).toBe(201)
    expect(result.body.message).toBe('Canje solicitado. Te enviaremos el dinero a tu billetera.')
    expect(result.body.data.payout).toMatchObject({
      symbol: 'usdt',
      gems: 2_000,
      fee: 100,
      valueCents: 1_900,
      address: USDT,
      state: 'pending',
    })
    expect(result.body.data.balances.gems).toBe(1_000)

    const listed = await admin('payouts')
    expect(listed.out).toContain(`#${result.body.data.payout.id}`)
    expect(listed.out).toContain('US$19.00 by usdt')
    expect((await admin('send-payout', String(result.body.data.payout.id))).code).toBe(0)
    expect((await admin('send-payout', String(result.body.data.payout.id))).code).toBe(1)
    const after = await market(player, 'symbol=usdt')
    expect(after.body.data.payouts).toEqual([
      expect.objectContaining({ state: 'sent', processedAt: expect.any(String) }),
    ])
    expect((await getBalances(server.db, player.id)).gems).toBe(1_000)
  })

  it('gives the gems and the fee back when the operator rejects a payout', async () => {
    const player = await newPlayer(server, { gems: 800 })
    await saveWallet(player, { method: 'nequi', address: '3001234567' })
    const { payout } = (await convert(player, 'nequi', 800)).body.data
    expect((await getBalances(server.db, player.id)).gems).toBe(0)
    const rejected = await admin('reject-payout', String(payout.id), 'La cuenta Nequi no existe')
    expect(rejected.code).toBe(0)
    expect((await getBalances(server.db, player.id)).gems).toBe(800)
    expect((await market(player, 'symbol=nequi')).body.data.payouts[0]).toMatchObject({
      state: 'rejected',
      reason: 'La cuenta Nequi no existe',
    })
  })

  it('holds a payout: not ready to send, still pending to the player, then released and sent', async () => {
    const player = await newPlayer(server, { gems: 1_000 })
    await saveWallet(player, { method: 'usdt', address: USDT })
    const { payout } = (await convert(player, 'usdt', 1_000)).body.data
    const id = String(payout.id)

    expect(await admin('hold-payout', id, 'Equipo creado desde una sola dirección')).toMatchObject({
      code: 0,
      out: `Held payout #${id}: release-payout or reject-payout decides it.`,
    })
    const listed = (await admin('payouts')).out.split('\n')
    const ready = listed.indexOf('Ready to send:')
    const held = listed.indexOf('Held (not to send until released):')
    const line = listed.findIndex((text) => text.startsWith(`#${id} `))
    expect(held).toBeGreaterThanOrEqual(0)
    expect(line).toBeGreaterThan(held)
    expect(ready === -1 || ready < held).toBe(true)
    expect(listed[line + 1]).toBe('      held: Equipo creado desde una sola dirección')
    // The hold is the operator's: the player's payout still waits, with no reason shown.
    expect((await market(player, 'symbol=usdt')).body.data.payouts[0]).toMatchObject({
      state: 'pending',
      reason: null,
    })

    const refused = await admin('send-payout', id)
    expect(refused).toMatchObject({ code: 1, err: `Payout ${id} is held` })
    expect((await admin('hold-payout', id, 'otra vez')).err).toBe(`Payout ${id} is held`)
    expect(await admin('release-payout', id)).toMatchObject({
      code: 0,
      out: `Released payout #${id}: ready to send.`,
    })
    expect((await admin('release-payout', id)).err).toBe(`Payout ${id} is pending`)
    expect((await admin('send-payout', id)).code).toBe(0)
    expect((await admin('hold-payout', id, 'tarde')).err).toBe(`Payout ${id} is sent`)
    expect((await market(player, 'symbol=usdt')).body.data.payouts[0]).toMatchObject({
      state: 'sent',
    })
    expect((await getBalances(server.db, player.id)).gems).toBe(0)
  })

  it('rejects a held payout with its gems and fee back, once', async () => {
    const player = await newPlayer(server, { gems: 900 })
    await saveWallet(player, { method: 'nequi', address: '3001234567' })
    const { payout } = (await convert(player, 'nequi', 900)).body.data
    const id = String(payout.id)
    expect((await admin('hold-payout', id, 'Revisar referidos')).code).toBe(0)
    expect((await admin('reject-payout', id, 'Tu equipo no ha jugado')).code).toBe(0)
    expect((await admin('reject-payout', id, 'Otra vez')).err).toBe(`Payout ${id} is rejected`)
    expect((await admin('release-payout', id)).err).toBe(`Payout ${id} is rejected`)
    expect((await getBalances(server.db, player.id)).gems).toBe(900)
    expect((await market(player, 'symbol=nequi')).body.data.payouts[0]).toMatchObject({
      state: 'rejected',
      reason: 'Tu equipo no ha jugado',
    })
  })

  it("shows the operator each payout's risk signals: members from one address or device, who never played, the account's age", async () => {
    const farmer = await newPlayer(server, { gems: 700 })
    const device = randomUUID()
    // Four signups from one address, three of them from one device; two from elsewhere.
    for (const [address, deviceId] of [
      ['198.51.100.20', device],
      ['198.51.100.20', device],
      ['198.51.100.20', device],
      ['198.51.100.20', randomUUID()],
      ['198.51.100.21', randomUUID()],
      ['198.51.100.22', randomUUID()],
    ] as const) {
      const body = signupFor(farmer.code, { deviceId })
      expect((await server.call('/api/auth/signup', { body, ip: address })).status).toBe(201)
    }
    // One member of theirs signs up a member of their own: the team is 7, from 8 generations.
    const [first] = await server.db.select().from(users).where(eq(users.parentId, farmer.id))
    if (!first) throw new Error('no member')
    await server.call('/api/auth/signup', {
      body: signupFor(first.code, { deviceId: device }),
      ip: '198.51.100.20',
    })
    // One of them plays (the step a first verified mission or finished video takes).
    await server.db.transaction((tx) => recordFirstPlay(tx, first, clock))
    await saveWallet(farmer, { method: 'paypal', address: 'granja@correo.example' })
    const { payout } = (await convert(farmer, 'paypal', 700)).body.data

    const listed = (await admin('payouts')).out.split('\n')
    const line = listed.findIndex((text) => text.startsWith(`#${payout.id} `))
    expect(line).toBeGreaterThan(listed.indexOf('Ready to send:'))
    expect(listed[line + 1]).toMatch(
      /^ {6}risk: account \d+ min old; team 7, 6 never played; most from one address 5, from one device 4$/,
    )
  })

  it('refuses a conversion without a wallet, or beyond the gems, and changes nothing', async () => {
    const player = await newPlayer(server, { gems: 600 })
    const before = await rowCounts(server.db)
    const noWallet = await convert(player, 'paypal', 500)
    expect(noWallet.status).toBe(400)
    expect(noWallet.body.message).toBe('Agrega primero una billetera para este método de pago')
    await saveWallet(player, { method: 'paypal', address: 'ana@correo.example' })
    const short = await convert(player, 'paypal', 700)
    expect(short.status).toBe(400)
    expect(short.body.message).toBe('No tienes suficientes gemas')
    const small = await convert(player, 'paypal', 100)
    expect(small.body.message).toBe('El mínimo es 500')
    expect((await rowCounts(server.db)).ledgerTransfers).toBe(before.ledgerTransfers)
    expect((await getBalances(server.db, player.id)).gems).toBe(600)
  })
})

describe(`an operator's decisions on one payout at once (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('hold, release, send and two rejects fired together: one outcome, the gems moved once', async () => {
    for (let round = 0; round < 8; round += 1) {
      const player = await newPlayer(server, { gems: 600 })
      await saveWallet(player, { method: 'paypal', address: 'ana@correo.example' })
      const { payout } = (await convert(player, 'paypal', 600)).body.data
      const at = new Date(clock)
      // Odd rounds start held: the release and the rejects race from there.
      if (round % 2 === 1) await holdPayout(server.db, payout.id, 'Revisar')
      const decisions = await Promise.allSettled([
        holdPayout(server.db, payout.id, 'Revisar'),
        rejectPayout(server.db, payout.id, 'No', at),
        markPayoutSent(server.db, payout.id, at),
        releasePayout(server.db, payout.id),
        rejectPayout(server.db, payout.id, 'No', at),
      ])
      for (const decision of decisions) {
        if (decision.status === 'rejected') expect(decision.reason).toBeInstanceOf(PayoutError)
      }
      const [row] = await server.db
        .select({ state: marketPayouts.state })
        .from(marketPayouts)
        .where(eq(marketPayouts.id, payout.id))
      const releases = await server.db
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.idempotencyKey, `market-payout:${payout.id}:release`))
      const closed = row?.state === 'sent' || row?.state === 'rejected'
      expect(releases).toHaveLength(closed ? 1 : 0)
      // Both rejects cannot win: a payout is refused once.
      expect(
        decisions.filter((d, i) => (i === 1 || i === 4) && d.status === 'fulfilled').length,
      ).toBeLessThanOrEqual(1)
      expect((await getBalances(server.db, player.id)).gems).toBe(
        row?.state === 'rejected' ? 600 : 0,
      )
    }
  })
})

describe('sending gems', () => {
  it('shows who owns a code before sending: unknown is 404, one’s own is 400', async () => {
    const sender = await newPlayer(server)
    const recipient = await newPlayer(server)
    const found = await server.call<PlayerRef>(
      `/api/user/search?code=${recipient.code.toLowerCase()}`,
      { cookie: sender.cookie },
    )
    expect(found.status).toBe(200)
    expect(found.body.data).toEqual({ code: recipient.code, name: recipient.name })
    const unknown = await server.call('/api/user/search?code=NOEXISTE', { cookie: sender.cookie })
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('No existe un jugador con ese código')
    const self = await server.call(`/api/user/search?code=${sender.code}`, {
      cookie: sender.cookie,
    })
    expect(self.status).toBe(400)
    expect(self.body.message).toBe('No puedes enviarte gemas a ti mismo')
    const malformed = await server.call('/api/user/search?code=a', { cookie: sender.cookie })
    expect(malformed.status).toBe(400)
  })

  it('moves the gems at once, and both see it in their history', async () => {
    const sender = await newPlayer(server, { gems: 500 })
    const recipient = await newPlayer(server)
    const result = await send(sender, recipient.code, 120)
    expect(result.status).toBe(201)
    expect(result.body.message).toBe('Envío de gemas registrado')
    expect(result.body.data.transfer).toMatchObject({
      direction: 'sent',
      counterpart: { code: recipient.code, name: recipient.name },
      amount: 120,
      state: 'sent',
      releaseAt: null,
    })
    expect(result.body.data.balances.gems).toBe(380)
    expect((await getBalances(server.db, recipient.id)).gems).toBe(120)
    const history = await server.call<GemHistoryPage>('/api/user/gem/history?page=1', {
      cookie: recipient.cookie,
    })
    expect(history.body.data).toEqual({
      items: [
        expect.objectContaining({
          direction: 'received',
          counterpart: { code: sender.code, name: sender.name },
          amount: 120,
          state: 'sent',
        }),
      ],
      pagination: { totalPages: 1, totalDocs: 1, limt: GEM_TRANSFER_RULES.pageSize, page: 1 },
    })
    expect(await gemsReceivedMessages(recipient)).toEqual([{ amount: 120, fromName: sender.name }])
    expect(await gemsReceivedMessages(sender)).toEqual([])
  })

  it('holds large amounts, shows them on their way, and the hourly job releases them', async () => {
    const sender = await newPlayer(server, { gems: 6_000 })
    const recipient = await newPlayer(server)
    const held = await send(sender, recipient.code, GEM_TRANSFER_RULES.holdFrom)
    expect(held.body.data.transfer).toMatchObject({
      state: 'pending',
      releaseAt: new Date(clock.getTime() + GEM_TRANSFER_RULES.holdHours * HOUR).toISOString(),
    })
    expect((await getBalances(server.db, recipient.id)).gems).toBe(0)
    const inventory = await server.call<Inventory>(`/api/inventory/${recipient.id}`, {
      cookie: recipient.cookie,
    })
    expect(inventory.body.data.gemsOnTheWay).toEqual({
      outgoing: 0,
      incoming: GEM_TRANSFER_RULES.holdFrom,
    })

    const release = SCHEDULED_JOBS.find((job) => job.name === 'release-gem-transfers')
    if (!release) throw new Error('no release job')
    await runJobOnce(server.db, release, new Date(clock.getTime() + HOUR))
    expect((await getBalances(server.db, recipient.id)).gems).toBe(0)
    expect(await gemsReceivedMessages(recipient)).toEqual([])
    await runJobOnce(server.db, release, new Date(clock.getTime() + 25 * HOUR))
    expect((await getBalances(server.db, recipient.id)).gems).toBe(GEM_TRANSFER_RULES.holdFrom)
    await runJobOnce(server.db, release, new Date(clock.getTime() + 26 * HOUR))
    expect((await getBalances(server.db, recipient.id)).gems).toBe(GEM_TRANSFER_RULES.holdFrom)
    expect(await gemsReceivedMessages(recipient)).toEqual([
      { amount: GEM_TRANSFER_RULES.holdFrom, fromName: sender.name },
    ])
    expect(await getSystemBalance(server.db, 'gem-transfers', 'gems')).toBeGreaterThanOrEqual(0)
  })

  it.each([
    ['NOEXISTE', 10, 404, 'No existe un jugador con ese código'],
    ['self', 10, 400, 'No puedes enviarte gemas a ti mismo'],
    ['other', 0, 400, 'El mínimo es 1'],
    ['other', 501, 400, 'No tienes suficientes gemas'],
    ['other', 1.5, 400, 'Número no válido'],
  ] as const)(
    'refuses code %s and amount %s with %s, and changes nothing',
    async (code, amount, status, message) => {
      const sender = await newPlayer(server, { gems: 500 })
      const other = await newPlayer(server)
      const target = code === 'self' ? sender.code : code === 'other' ? other.code : code
      const before = await rowCounts(server.db)
      const result = await send(sender, target, amount)
      expect(result.status).toBe(status)
      expect(result.body.message).toBe(message)
      expect(await rowCounts(server.db)).toEqual(before)
      expect((await getBalances(server.db, sender.id)).gems).toBe(500)
    },
  )

  it('pages the history by the rules, newest first', async () => {
    const sender = await newPlayer(server, { gems: 1_000 })
    const recipient = await newPlayer(server)
    for (let index = 1; index <= GEM_TRANSFER_RULES.pageSize + 2; index += 1) {
      clock = new Date(clock.getTime() + 1_000)
      await send(sender, recipient.code, index)
    }
    const second = await server.call<GemHistoryPage>('/api/user/gem/history?page=2', {
      cookie: sender.cookie,
    })
    expect(second.body.data.pagination).toEqual({
      totalPages: 2,
      totalDocs: GEM_TRANSFER_RULES.pageSize + 2,
      limt: GEM_TRANSFER_RULES.pageSize,
      page: 2,
    })
    expect(second.body.data.items.map((item) => item.amount)).toEqual([2, 1])
    // Past the last page: no transfer, and the same count.
    const past = await server.call<GemHistoryPage>('/api/user/gem/history?page=3', {
      cookie: sender.cookie,
    })
    expect(past.body.data).toEqual({
      items: [],
      pagination: { ...second.body.data.pagination, page: 3 },
    })
  })
})

describe('GET /api/inventory/{id}', () => {
  it("answers the player's own inventory, and 404 for another's", async () => {
    const player = await newPlayer(server, { gems: 70, terydollars: 3 })
    const own = await server.call<Inventory>(`/api/inventory/${player.id}`, {
      cookie: player.cookie,
    })
    expect(own.body.data).toEqual({
      id: player.id,
      balances: { terycarbons: 0, gems: 70, voltaCharge: 0, terydollars: 3 },
      batteries: 0,
      terycarbonBatteryActive: false,
      gemsOnTheWay: { outgoing: 0, incoming: 0 },
    })
    const stranger = await newPlayer(server)
    const other = await server.call(`/api/inventory/${player.id}`, { cookie: stranger.cookie })
    expect(other.status).toBe(404)
    expect(other.body.message).toBe('Inventario no encontrado')
    const malformed = await server.call('/api/inventory/abc', { cookie: stranger.cookie })
    expect(malformed.status).toBe(400)
    expect(malformed.body.message).toBe('Identificador no válido')
  })
})

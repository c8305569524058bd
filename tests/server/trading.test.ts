import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type {
  BoardPage,
  OfferResult,
  OwnOffersPage,
  PurchaseResult,
  TradeHistoryPage,
} from '../../contract/trading'
import { validationMessages } from '../../contract/messages'
import { tradingOffers } from '../../server/db/schema'
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/db/seed/players'
import { getBalances, getSystemBalance } from '../../server/services/ledger'
import { TRADING_RULES } from '../../server/services/rules'
import { assertEconomyInvariant } from './support/economy'
import { newPlayer, type TestPlayer } from './support/players'
import { rowCounts, startTestServer, type TestServer } from './support/test-server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' })
})

afterAll(async () => {
  await server.close()
})

afterEach(async () => {
  await assertEconomyInvariant(server.db)
})

function list(cookie: string, path: string) {
  return server.call(path, { cookie })
}

function listOffer(player: TestPlayer, body: unknown) {
  return server.call<OfferResult>('/api/trading', { body, cookie: player.cookie })
}

function buy(player: TestPlayer, offerId: number) {
  return server.call<PurchaseResult>('/api/trading/buy', {
    body: { offerId },
    cookie: player.cookie,
  })
}

function cancel(player: TestPlayer, offerId: number) {
  return server.call<OfferResult>('/api/trading', {
    method: 'DELETE',
    body: { offerId },
    cookie: player.cookie,
  })
}

async function stateOf(offerId: number) {
  const [row] = await server.db.select().from(tradingOffers).where(eq(tradingOffers.id, offerId))
  return row
}

describe('GET /api/trading', () => {
  it("shows the seeded board: other players' open offers, newest first, paged by the rules", async () => {
    const demo = await server.call('/api/auth/login', {
      body: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    })
    const first = await server.call<BoardPage>('/api/trading', { cookie: demo.cookie })
    expect(first.status).toBe(200)
    const { items, pagination } = first.body.data
    expect(pagination).toMatchObject({ page: 1, limt: TRADING_RULES.pageSize })
    expect(pagination.totalDocs).toBeGreaterThan(TRADING_RULES.pageSize)
    expect(pagination.totalPages).toBe(Math.ceil(pagination.totalDocs / TRADING_RULES.pageSize))
    expect(items).toHaveLength(TRADING_RULES.pageSize)
    const times = items.map((offer) => offer.createdAt)
    expect([...times].sort().reverse()).toEqual(times)
    for (const offer of items) expect(offer.total).toBe(offer.amount * offer.price)
    // The demo player's own open offer is on the board, marked as theirs.
    const all = [
      ...items,
      ...(await server.call<BoardPage>('/api/trading?page=2', { cookie: demo.cookie })).body.data
        .items,
    ]
    expect(all.filter((offer) => offer.own)).toHaveLength(1)
    expect(all).toHaveLength(pagination.totalDocs)
  })

  it('counts the whole board on every page, past the last one too, and none for an unknown seller', async () => {
    const viewer = await newPlayer(server)
    const board = (player: TestPlayer, path: string) =>
      server.call<BoardPage>(path, { cookie: player.cookie })
    const first = (await board(viewer, '/api/trading')).body.data.pagination
    const { totalDocs, totalPages } = first
    const last = await board(viewer, `/api/trading?page=${totalPages}`)
    expect(last.body.data.pagination).toEqual({ ...first, page: totalPages })
    const past = await board(viewer, `/api/trading?page=${totalPages + 1}`)
    expect(past.body.data.items).toEqual([])
    expect(past.body.data.pagination).toEqual({ ...first, page: totalPages + 1 })
    expect(totalDocs).toBeGreaterThan(0)
    const nobody = await board(viewer, '/api/trading?code=NADIE000')
    expect(nobody.body.data).toEqual({
      items: [],
      pagination: { totalDocs: 0, totalPages: 0, limt: TRADING_RULES.pageSize, page: 1 },
    })
  })

  it('narrows the board to one seller by code, in any letter case', async () => {
    const seller = await newPlayer(server, { terydollars: 40 })
    expect((await listOffer(seller, { price: 80, amount: 10 })).status).toBe(201)
    const viewer = await newPlayer(server)
    const result = await server.call<BoardPage>(`/api/trading?code=${seller.code.toLowerCase()}`, {
      cookie: viewer.cookie,
    })
    expect(result.body.data.items).toEqual([
      expect.objectContaining({
        seller: { code: seller.code, name: seller.name },
        amount: 10,
        price: 80,
        total: 800,
        own: false,
      }),
    ])
    expect(result.body.data.pagination).toEqual({
      totalPages: 1,
      totalDocs: 1,
      limt: TRADING_RULES.pageSize,
      page: 1,
    })
  })

  it('answers 401 without a session, and 400 for a page that is not a number', async () => {
    expect((await server.call('/api/trading')).status).toBe(401)
    const viewer = await newPlayer(server)
    const result = await list(viewer.cookie, '/api/trading?page=dos')
    expect(result.status).toBe(400)
    expect(result.body.message).toBe(validationMessages.page)
  })
})

describe('POST /api/trading', () => {
  it('lists terydollars: they move into escrow, and the fee to pay on sale is shown', async () => {
    const seller = await newPlayer(server, { terydollars: 40 })
    const escrowBefore = await getSystemBalance(server.db, 'trading-escrow', 'terydollars')
    const result = await listOffer(seller, { price: 95, amount: 30 })
    expect(result.status).toBe(201)
    expect(result.body.message).toBe('Oferta publicada')
    expect(result.body.data.offer).toMatchObject({
      amount: 30,
      price: 95,
      total: 2_850,
      fee: Math.ceil(2_850 * 0.03),
      state: 'open',
      buyer: null,
    })
    expect(result.body.data.balances.terydollars).toBe(10)
    expect(await getSystemBalance(server.db, 'trading-escrow', 'terydollars')).toBe(
      escrowBefore + 30,
    )
  })

  it.each([
    [{ price: 0, amount: 5 }, 'price', 'El mínimo es 1'],
    [{ price: 10_001, amount: 5 }, 'price', 'El máximo es 10.000'],
    [{ price: 9.5, amount: 5 }, 'price', 'Número no válido'],
    [{ price: '90', amount: 5 }, 'price', 'Número no válido'],
    [{ price: 90, amount: -1 }, 'amount', 'El mínimo es 1'],
    [{ price: 90 }, 'amount', 'El campo es requerido'],
  ])('refuses %j with 400 and changes nothing', async (body, field, message) => {
    const seller = await newPlayer(server, { terydollars: 40 })
    const before = await rowCounts(server.db)
    const result = await listOffer(seller, body)
    expect(result.status).toBe(400)
    expect(result.body.message).toBe(message)
    expect(result.body.data).toEqual({ fields: { [field]: message } })
    expect(await rowCounts(server.db)).toEqual(before)
    expect((await getBalances(server.db, seller.id)).terydollars).toBe(40)
  })

  it('refuses an offer larger than the terydollars the seller has, and writes no offer', async () => {
    const seller = await newPlayer(server, { terydollars: 4 })
    const result = await listOffer(seller, { price: 90, amount: 5 })
    expect(result.status).toBe(400)
    expect(result.body.message).toBe('No tienes suficientes terydólares')
    const own = await list(seller.cookie, '/api/trading/own')
    expect((own.body.data as OwnOffersPage).items).toEqual([])
  })

  it(`refuses a ${TRADING_RULES.maxOpenOffers + 1}th open offer, even when they are listed at once`, async () => {
    const seller = await newPlayer(server, { terydollars: 100 })
    const results = await Promise.all(
      Array.from({ length: 8 }, () => listOffer(seller, { price: 90, amount: 1 })),
    )
    expect(results.filter((result) => result.status === 201)).toHaveLength(
      TRADING_RULES.maxOpenOffers,
    )
    for (const refused of results.filter((result) => result.status !== 201)) {
      expect(refused.status).toBe(409)
      expect(refused.body.message).toBe('Alcanzaste el máximo de ofertas abiertas')
    }
    expect((await getBalances(server.db, seller.id)).terydollars).toBe(
      100 - TRADING_RULES.maxOpenOffers,
    )
  })
})

describe('POST /api/trading/buy', () => {
  it('moves the price and the terydollars both ways in one go, the fee to the fee account', async () => {
    const seller = await newPlayer(server, { terydollars: 20 })
    const buyer = await newPlayer(server, { gems: 5_000 })
    const { offer } = (await listOffer(seller, { price: 90, amount: 20 })).body.data
    const feesBefore = await getSystemBalance(server.db, 'trading-fees', 'gems')

    const result = await buy(buyer, offer.id)
    expect(result.status).toBe(200)
    expect(result.body.message).toBe('Compraste la oferta')
    expect(result.body.data.trade).toMatchObject({
      offerId: offer.id,
      kind: 'purchase',
      amount: 20,
      total: 1_800,
      fee: 0,
      gems: 1_800,
      counterpart: { code: seller.code, name: seller.name },
    })
    expect(result.body.data.balances).toMatchObject({ gems: 3_200, terydollars: 20 })
    expect(await getBalances(server.db, seller.id)).toMatchObject({
      gems: 1_800 - 54,
      terydollars: 0,
    })
    expect(await getSystemBalance(server.db, 'trading-fees', 'gems')).toBe(feesBefore + 54)
    expect(await stateOf(offer.id)).toMatchObject({ state: 'sold', buyerId: buyer.id })
  })

  it('shows the trade on both sides of the history, and in the seller’s own offers', async () => {
    const seller = await newPlayer(server, { terydollars: 5 })
    const buyer = await newPlayer(server, { gems: 1_000 })
    const { offer } = (await listOffer(seller, { price: 100, amount: 5 })).body.data
    await buy(buyer, offer.id)

    const sellerHistory = (await list(seller.cookie, '/api/trading/history')).body
      .data as TradeHistoryPage
    expect(sellerHistory.items).toEqual([
      expect.objectContaining({
        kind: 'sale',
        total: 500,
        fee: 15,
        gems: 485,
        counterpart: { code: buyer.code, name: buyer.name },
      }),
    ])
    const buyerHistory = (await list(buyer.cookie, `/api/trading/history?code=${seller.code}`)).body
      .data as TradeHistoryPage
    expect(buyerHistory.items).toEqual([
      expect.objectContaining({ kind: 'purchase', gems: 500, fee: 0 }),
    ])
    const own = (await list(seller.cookie, '/api/trading/own')).body.data as OwnOffersPage
    expect(own.items).toEqual([
      expect.objectContaining({
        id: offer.id,
        state: 'sold',
        buyer: { code: buyer.code, name: buyer.name },
      }),
    ])
    const elsewhere = (await list(buyer.cookie, '/api/trading/history?code=TERYDEMO')).body
      .data as TradeHistoryPage
    expect(elsewhere.items).toEqual([])
  })

  it('refuses the seller’s own offer with 400, and the offer stays open', async () => {
    const seller = await newPlayer(server, { terydollars: 5, gems: 1_000 })
    const { offer } = (await listOffer(seller, { price: 10, amount: 5 })).body.data
    const result = await buy(seller, offer.id)
    expect(result.status).toBe(400)
    expect(result.body.message).toBe('No puedes comprar tu propia oferta')
    expect((await stateOf(offer.id))?.state).toBe('open')
  })

  it('refuses a buyer short of gems, changes nothing, and the offer stays for others', async () => {
    const seller = await newPlayer(server, { terydollars: 5 })
    const poor = await newPlayer(server, { gems: 499 })
    const { offer } = (await listOffer(seller, { price: 100, amount: 5 })).body.data
    const before = await rowCounts(server.db)
    const result = await buy(poor, offer.id)
    expect(result.status).toBe(400)
    expect(result.body.message).toBe('No tienes suficientes gemas')
    expect(await rowCounts(server.db)).toEqual(before)
    expect(await getBalances(server.db, poor.id)).toMatchObject({ gems: 499, terydollars: 0 })
    expect((await stateOf(offer.id))?.state).toBe('open')
    const rich = await newPlayer(server, { gems: 500 })
    expect((await buy(rich, offer.id)).status).toBe(200)
  })

  it('answers 409 for an offer sold already, 404 for one that does not exist', async () => {
    const seller = await newPlayer(server, { terydollars: 5 })
    const first = await newPlayer(server, { gems: 500 })
    const second = await newPlayer(server, { gems: 500 })
    const { offer } = (await listOffer(seller, { price: 100, amount: 5 })).body.data
    expect((await buy(first, offer.id)).status).toBe(200)
    const late = await buy(second, offer.id)
    expect(late.status).toBe(409)
    expect(late.body.message).toBe('La oferta ya no está disponible')
    expect((await getBalances(server.db, second.id)).gems).toBe(500)
    const missing = await buy(second, 987_654)
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('La oferta no existe')
  })

  it('answers an Idempotency-Key replay with the first answer and buys once', async () => {
    const seller = await newPlayer(server, { terydollars: 5 })
    const buyer = await newPlayer(server, { gems: 2_000 })
    const { offer } = (await listOffer(seller, { price: 100, amount: 5 })).body.data
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.call('/api/trading/buy', {
          body: { offerId: offer.id },
          cookie: buyer.cookie,
          headers: { 'idempotency-key': `compra-${offer.id}` },
        }),
      ),
    )
    for (const answer of answers) {
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: answers[0]?.status,
        body: answers[0]?.body,
      })
    }
    expect(answers[0]?.status).toBe(200)
    expect((await getBalances(server.db, buyer.id)).gems).toBe(1_500)
  })
})

describe('DELETE /api/trading', () => {
  it('gives the escrowed terydollars back to the seller and closes the offer', async () => {
    const seller = await newPlayer(server, { terydollars: 12 })
    const { offer } = (await listOffer(seller, { price: 90, amount: 12 })).body.data
    const result = await cancel(seller, offer.id)
    expect(result.status).toBe(200)
    expect(result.body.message).toBe('Oferta cancelada')
    expect(result.body.data.offer.state).toBe('cancelled')
    expect(result.body.data.balances.terydollars).toBe(12)
    const again = await cancel(seller, offer.id)
    expect(again.status).toBe(409)
    expect((await getBalances(server.db, seller.id)).terydollars).toBe(12)
  })

  it("refuses to cancel another player's offer with 403, and it stays open", async () => {
    const seller = await newPlayer(server, { terydollars: 5 })
    const other = await newPlayer(server)
    const { offer } = (await listOffer(seller, { price: 90, amount: 5 })).body.data
    const result = await cancel(other, offer.id)
    expect(result.status).toBe(403)
    expect(result.body.message).toBe('Solo puedes cancelar tus propias ofertas')
    expect((await stateOf(offer.id))?.state).toBe('open')
  })

  it('answers 400 for an offer id that is not a whole number', async () => {
    const seller = await newPlayer(server)
    const result = await server.call('/api/trading', {
      method: 'DELETE',
      body: { offerId: 'uno' },
      cookie: seller.cookie,
    })
    expect(result.status).toBe(400)
    expect(result.body.message).toBe('Identificador no válido')
  })

  it('answers 400, not a database error, for an offer id beyond what an id can be', async () => {
    const player = await newPlayer(server, { gems: 100, terydollars: 5 })
    const before = await rowCounts(server.db)
    // 1e21 is a whole number to JSON; the database would refuse it as out of range.
    for (const offerId of ['1e21', '9223372036854775808', String(Number.MAX_SAFE_INTEGER + 1)]) {
      for (const method of ['DELETE', 'POST']) {
        const result = await server.call(method === 'POST' ? '/api/trading/buy' : '/api/trading', {
          method,
          body: `{"offerId": ${offerId}}`,
          cookie: player.cookie,
        })
        expect(result.status, `${method} ${offerId}`).toBe(400)
        expect(result.body.message).toBe('Identificador no válido')
      }
    }
    expect(await rowCounts(server.db)).toEqual(before)
  })
})

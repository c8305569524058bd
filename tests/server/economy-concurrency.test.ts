import { setTimeout as sleep } from 'node:timers/promises'
import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { GemTransferResult } from '../../contract/market'
import type { OfferResult } from '../../contract/trading'
import { selectRows } from '../../server/db/client'
import { tradingOffers } from '../../server/db/schema'
import { buyBatteries } from '../../server/services/battery'
import { releaseDueTransfers, sendGems } from '../../server/services/gem-transfers'
import { getBalances, transfer } from '../../server/services/ledger'
import { GEM_TRANSFER_RULES } from '../../server/services/rules'
import { createOffer } from '../../server/services/trading'
import { assertEconomyInvariant } from './support/economy'
import { newPlayer, type TestPlayer } from './support/players'
import {
  onPostgres,
  startTestServer,
  type CallResult,
  type TestServer,
} from './support/test-server'

/*
 * Many requests at the same moment, and the winners counted. PGlite runs one transaction at a
 * time, so there these pass whatever the code does; on PostgreSQL (DATABASE_URL) they are the
 * proof. The last test shows the races are real there: a check-then-write sale, the mistake the
 * conditional update replaces, sells one offer many times.
 */

const DAY = 24 * 60 * 60 * 1000
let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})

afterAll(async () => {
  await server.close()
})

afterEach(async () => {
  await assertEconomyInvariant(server.db)
})

/** How many of this database's sessions wait on a lock now. */
async function lockWaits() {
  const [row] = await selectRows<{ n: number }>(
    server.db,
    sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
  )
  return row?.n ?? 0
}

function statuses(results: readonly CallResult[]) {
  const counted: Record<number, number> = {}
  for (const result of results) counted[result.status] = (counted[result.status] ?? 0) + 1
  return counted
}

async function players(count: number, funds: Parameters<typeof newPlayer>[1]) {
  const made: TestPlayer[] = []
  for (let index = 0; index < count; index += 1) made.push(await newPlayer(server, funds))
  return made
}

async function listed(seller: TestPlayer, amount: number, price: number) {
  return (await createOffer(server.db, seller.id, { amount, price }, new Date())).offer
}

describe('economy under concurrent requests', () => {
  it('sells one offer to exactly one of 200 simultaneous buys', async () => {
    const seller = await newPlayer(server, { terydollars: 50 })
    const offer = await listed(seller, 50, 20)
    const buyers = await players(20, { gems: 5_000 })
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        server.call('/api/trading/buy', {
          body: { offerId: offer.id },
          cookie: buyers[index % buyers.length]?.cookie,
        }),
      ),
    )
    expect(statuses(results)).toEqual({ 200: 1, 409: 199 })
    for (const refused of results.filter((result) => result.status === 409)) {
      expect(refused.body.message).toBe('La oferta ya no está disponible')
    }
    const [row] = await server.db.select().from(tradingOffers).where(eq(tradingOffers.id, offer.id))
    const winner = buyers.find((buyer) => buyer.id === row?.buyerId)
    expect(row?.state).toBe('sold')
    expect(winner).toBeDefined()
    for (const buyer of buyers) {
      expect(await getBalances(server.db, buyer.id)).toMatchObject(
        buyer === winner
          ? { gems: 5_000 - 1_000, terydollars: 50 }
          : { gems: 5_000, terydollars: 0 },
      )
    }
    expect(await getBalances(server.db, seller.id)).toMatchObject({
      gems: 1_000 - 30,
      terydollars: 0,
    })
  })

  it('lets exactly one of a cancel and a buy at the same moment win, for each of 20 offers', async () => {
    const sellers = await players(20, { terydollars: 10 })
    const offers = await Promise.all(sellers.map((seller) => listed(seller, 10, 10)))
    const buyer = await newPlayer(server, { gems: 100_000 })
    const results = await Promise.all(
      offers.flatMap((offer, index) => [
        server.call<OfferResult>('/api/trading', {
          method: 'DELETE',
          body: { offerId: offer.id },
          cookie: sellers[index]?.cookie,
        }),
        server.call('/api/trading/buy', { body: { offerId: offer.id }, cookie: buyer.cookie }),
      ]),
    )
    let bought = 0
    for (const [index, offer] of offers.entries()) {
      const [cancelled, sold] = [results[index * 2], results[index * 2 + 1]]
      const winners = [cancelled, sold].filter((result) => result?.status === 200)
      expect(winners, `offer ${offer.id}`).toHaveLength(1)
      expect([cancelled?.status, sold?.status].sort()).toEqual([200, 409])
      const seller = sellers[index] as TestPlayer
      const balances = await getBalances(server.db, seller.id)
      if (sold?.status === 200) {
        bought += 1
        expect(balances).toMatchObject({ terydollars: 0, gems: 100 - 3 })
      } else {
        expect(balances).toMatchObject({ terydollars: 10, gems: 0 })
      }
    }
    expect(await getBalances(server.db, buyer.id)).toMatchObject({
      terydollars: bought * 10,
      gems: 100_000 - bought * 100,
    })
  })

  it('lets 100 simultaneous gem transfers that exceed the balance take only what it covers', async () => {
    const sender = await newPlayer(server, { gems: 1_000 })
    const recipients = await players(5, {})
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        server.call('/api/inventory/send/gems', {
          body: { code: recipients[index % recipients.length]?.code, amount: 15 },
          cookie: sender.cookie,
        }),
      ),
    )
    // 66 transfers of 15 fit in 1 000 gems; the other 34 find the balance short.
    expect(statuses(results)).toEqual({ 201: 66, 400: 34 })
    for (const refused of results.filter((result) => result.status === 400)) {
      expect(refused.body.message).toBe('No tienes suficientes gemas')
    }
    expect((await getBalances(server.db, sender.id)).gems).toBe(10)
    let received = 0
    for (const recipient of recipients)
      received += (await getBalances(server.db, recipient.id)).gems
    expect(received).toBe(66 * 15)
  })

  it('passes 60 gem transfers crossing between two players at once, none retried, each answering its own balance', async () => {
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const [one, two] = await players(2, { gems: 1_000 })
    if (!one || !two) throw new Error('two players')
    const send = (from: TestPlayer, to: TestPlayer, amount: number) =>
      server.call<GemTransferResult>('/api/inventory/send/gems', {
        body: { code: to.code, amount },
        cookie: from.cookie,
      })
    const results = await Promise.all(
      Array.from({ length: 30 }, () => [send(one, two, 31), send(two, one, 1)]).flat(),
    )
    expect(statuses(results)).toEqual({ 201: 60 })
    // Taken in id order, the two players' accounts never deadlock, so nothing had to run again.
    expect(warnings).not.toHaveBeenCalled()
    warnings.mockRestore()
    expect((await getBalances(server.db, one.id)).gems).toBe(1_000 - 30 * 31 + 30)
    expect((await getBalances(server.db, two.id)).gems).toBe(1_000 + 30 * 31 - 30)
    // Each answer's balance is what its own transfer left, read under the lock: no two of one
    // sender's alike (31 against 1 a time, what arrived between two sends never makes up for one).
    const senderGems = (from: number) =>
      results
        .filter((_, index) => index % 2 === from)
        .map((result) => result.body.data?.balances.gems)
    expect(new Set(senderGems(0)).size).toBe(30)
    expect(new Set(senderGems(1)).size).toBe(30)
  })

  it('collects what batteries produced once, however many collect at the same moment', async () => {
    const player = await newPlayer(server, { terydollars: 100 })
    await buyBatteries(server.db, player.id, 5, new Date(Date.now() - DAY))
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        server.call('/api/battery/collect', { body: {}, cookie: player.cookie }),
      ),
    )
    expect(statuses(results)).toEqual({ 200: 1, 400: 29 })
    expect((await getBalances(server.db, player.id)).gems).toBe(40)
  })

  it('melts no more batteries than there are, whatever the number of simultaneous melts', async () => {
    const player = await newPlayer(server, { terydollars: 50 })
    await buyBatteries(server.db, player.id, 5, new Date())
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.call('/api/battery/melt', { body: { amount: 1 }, cookie: player.cookie }),
      ),
    )
    expect(statuses(results)).toEqual({ 200: 5, 400: 15 })
    expect((await getBalances(server.db, player.id)).terydollars).toBe(5 * 7)
  })

  it('gives 50 simultaneous replays of one Idempotency-Key on a transfer one movement', async () => {
    const sender = await newPlayer(server, { gems: 500 })
    const recipient = await newPlayer(server)
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        server.call('/api/inventory/send/gems', {
          body: { code: recipient.code, amount: 40 },
          cookie: sender.cookie,
          headers: { 'idempotency-key': 'envio-unico-40' },
        }),
      ),
    )
    expect(statuses(results)).toEqual({ 201: 50 })
    expect(new Set(results.map((result) => JSON.stringify(result.body))).size).toBe(1)
    expect((await getBalances(server.db, recipient.id)).gems).toBe(40)
  })

  it.runIf(onPostgres)(
    'releases held gems to many players while a transfer between two of them holds the first',
    async () => {
      const { holdFrom, holdHours } = GEM_TRANSFER_RULES
      const sender = await newPlayer(server, { gems: holdFrom * 6 })
      const recipients = await players(6, { gems: 10 })
      const [first, ...others] = recipients
      const last = others.at(-1)
      if (!first || !last) throw new Error('six recipients')
      const sentAt = new Date()
      // Held in reverse order, so the release pays the last recipient before the first.
      for (const recipient of [...recipients].reverse()) {
        await sendGems(server.db, sender.id, { code: recipient.code, amount: holdFrom }, sentAt)
      }
      const dueAt = new Date(sentAt.getTime() + (holdHours + 1) * 60 * 60 * 1000)
      let holdFirst = () => {}
      const firstHeld = new Promise<void>((resolve) => (holdFirst = resolve))
      // A transaction that holds the first recipient's accounts, waits until the release queues
      // behind it, then pays the last: a release holding the last one while it waits for the
      // first would deadlock with it.
      const payment = server.db.transaction(async (tx) => {
        await transfer(tx, {
          currency: 'gems',
          from: { userId: first.id },
          to: { system: 'supply' },
          amount: 1,
          kind: 'test',
        })
        holdFirst()
        const deadline = Date.now() + 5_000
        while ((await lockWaits()) === 0 && Date.now() < deadline) await sleep(20)
        await transfer(tx, {
          currency: 'gems',
          from: { userId: first.id },
          to: { userId: last.id },
          amount: 1,
          kind: 'test',
        })
      })
      await firstHeld
      const release = server.db.transaction((tx) => releaseDueTransfers(tx, dueAt))
      const results = await Promise.allSettled([payment, release])
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled'])
      expect(await getBalances(server.db, first.id)).toMatchObject({ gems: 10 - 2 + holdFrom })
      expect(await getBalances(server.db, last.id)).toMatchObject({ gems: 10 + 1 + holdFrom })
    },
  )

  it.runIf(onPostgres)(
    'needs the conditional update: checking the state first sells one offer many times',
    async () => {
      const seller = await newPlayer(server, { terydollars: 10 })
      const offer = await listed(seller, 10, 10)
      const buyers = await players(10, {})
      const outcomes = await Promise.all(
        buyers.map((buyer) =>
          server.db
            .transaction(async (tx) => {
              const [row] = await tx
                .select({ state: tradingOffers.state })
                .from(tradingOffers)
                .where(eq(tradingOffers.id, offer.id))
              if (row?.state !== 'open') return false
              await sleep(50)
              await tx
                .update(tradingOffers)
                .set({ state: 'sold', buyerId: buyer.id, closedAt: new Date() })
                .where(eq(tradingOffers.id, offer.id))
              throw new Error('undo: this buyer thought they won')
            })
            .catch((error: Error) => error.message.startsWith('undo')),
        ),
      )
      // Every one of them believed it bought the offer (each rolled back, so the books hold).
      expect(outcomes.filter(Boolean).length).toBeGreaterThan(1)
    },
  )
})

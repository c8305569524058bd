import { count, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { liveMessages } from '../../contract/live'
import type { OfferResult } from '../../contract/trading'
import { openPostgres } from '../../server/db/client'
import { queueLiveEvent } from '../../server/db/live-outbox'
import { liveEvents, sessions } from '../../server/db/schema'
import { hashSessionToken } from '../../server/services/auth'
import { transfer } from '../../server/services/ledger'
import { REPLAY_LIMIT, sweepLiveEvents } from '../../server/services/live-events'
import { notify } from '../../server/services/notifications'
import { openLive, type LiveStream, type SseEvent } from './support/live-stream'
import { newPlayer, type TestPlayer } from './support/players'
import { onPostgres, startTestServer, type TestServer } from './support/test-server'

/*
 * GET /api/live against the real app over a real database: what a player's tab receives, what it
 * never receives, and when the stream ends. Streams are read as a browser reads them.
 */

let server: TestServer
const streams: LiveStream[] = []

beforeAll(async () => {
  server = await startTestServer({
    live: { limits: { perPlayer: 2, perServer: 6 }, heartbeatMs: 100 },
  })
})

afterEach(async () => {
  // Each test's tabs close, as a player's would: the limits below count only their own.
  for (const stream of streams.splice(0)) {
    await stream.close()
    await stream.ended
  }
  await expect.poll(() => server.live.size).toBe(0)
})

afterAll(async () => {
  await server.close()
})

async function connect(player: TestPlayer, lastEventId?: string, on: TestServer = server) {
  const opened = await openLive(on.app, player.cookie, { lastEventId })
  if (!opened.stream) throw new Error(`GET /api/live answered ${opened.status}`)
  streams.push(opened.stream)
  const ready = await opened.stream.next()
  expect(ready.event).toBe('live.ready')
  return { stream: opened.stream, ready }
}

function listOffer(player: TestPlayer, on: TestServer = server) {
  return on.call<OfferResult>('/api/trading', {
    body: { price: 2, amount: 5 },
    cookie: player.cookie,
  })
}

const typesOf = (events: SseEvent[]) => events.map((event) => event.event)

describe('GET /api/live', () => {
  it('opens with the player’s balances now and a cursor to come back with', async () => {
    const player = await newPlayer(server, { gems: 40, terydollars: 3 })
    const { ready } = await connect(player)
    expect(ready.data).toEqual({
      balances: { terycarbons: 0, gems: 40, voltaCharge: 0, terydollars: 3 },
    })
    expect(Number(ready.id)).toBeGreaterThan(0)
  })

  it('tells the seller, at once, that their offer was sold, and both players their balances', async () => {
    const seller = await newPlayer(server, { terydollars: 5 })
    const buyer = await newPlayer(server, { gems: 100 })
    const offer = (await listOffer(seller)).body.data.offer
    const sellerTab = (await connect(seller)).stream
    const buyerTab = (await connect(buyer)).stream

    const bought = await server.call('/api/trading/buy', {
      body: { offerId: offer.id },
      cookie: buyer.cookie,
    })
    expect(bought.status).toBe(200)

    const toSeller = await sellerTab.drain()
    expect(typesOf(toSeller)).toEqual(['balances.changed', 'offer.closed', 'board.changed'])
    // 10 gems, less the 3% fee rounded as the board shows it.
    expect(toSeller[0]?.data).toEqual({
      balances: { terycarbons: 0, gems: 10 - offer.fee, voltaCharge: 0, terydollars: 0 },
    })
    expect(toSeller[1]?.data).toEqual({ offerId: offer.id, state: 'sold' })
    const toBuyer = await buyerTab.drain()
    expect(typesOf(toBuyer)).toEqual(['balances.changed', 'board.changed'])
    expect(toBuyer[0]?.data).toEqual({
      balances: { terycarbons: 0, gems: 90, voltaCharge: 0, terydollars: 5 },
    })
    // Each message's id is the cursor: it only grows.
    const ids = [...toSeller, ...toBuyer].map((event) => Number(event.id))
    for (const id of ids) expect(id).toBeGreaterThan(0)
  })

  it('tells the recipient of gems their balances and their message, and the sender their balances', async () => {
    const sender = await newPlayer(server, { gems: 50 })
    const recipient = await newPlayer(server, { gems: 4 })
    const senderTab = (await connect(sender)).stream
    const recipientTab = (await connect(recipient)).stream

    const sent = await server.call('/api/inventory/send/gems', {
      body: { code: recipient.code, amount: 20 },
      cookie: sender.cookie,
    })
    expect(sent.status).toBe(201)

    const toRecipient = await recipientTab.drain()
    expect(typesOf(toRecipient)).toEqual(['balances.changed', 'message.received'])
    expect(toRecipient[0]?.data).toEqual({
      balances: { terycarbons: 0, gems: 24, voltaCharge: 0, terydollars: 0 },
    })
    expect(toRecipient[1]?.data).toEqual({ kind: 'gemsReceived' })
    const toSender = await senderTab.drain()
    expect(typesOf(toSender)).toEqual(['balances.changed'])
    expect(toSender[0]?.data).toEqual({
      balances: { terycarbons: 0, gems: 30, voltaCharge: 0, terydollars: 0 },
    })
  })

  it('never carries another player’s events, only their own and everyone’s', async () => {
    const watcher = await newPlayer(server)
    const mover = await newPlayer(server, { terydollars: 5 })
    const tab = (await connect(watcher)).stream
    await listOffer(mover)
    await server.db.transaction(async (tx) => {
      await notify(tx, mover.id, 'Algo solo para ti')
      await transfer(tx, {
        currency: 'gems',
        from: { system: 'supply' },
        to: { userId: mover.id },
        amount: 7,
        kind: 'test-funds',
      })
    })
    // The mover's balances, notification and offer are theirs; the board is everyone's.
    expect(typesOf(await tab.drain())).toEqual(['board.changed'])
  })

  it('announces nothing of a change that was undone', async () => {
    const player = await newPlayer(server, { gems: 5 })
    const tab = (await connect(player)).stream
    const eventCount = async () => (await server.db.select({ n: count() }).from(liveEvents))[0]?.n
    const before = await eventCount()
    await expect(
      server.db.transaction(async (tx) => {
        await transfer(tx, {
          currency: 'gems',
          from: { system: 'supply' },
          to: { userId: player.id },
          amount: 50,
          kind: 'test-funds',
        })
        await notify(tx, player.id, 'No debería llegar')
        throw new Error('undone')
      }),
    ).rejects.toThrow('undone')
    expect(await eventCount()).toBe(before)
    // A buy refused for want of gems is undone too: its offer stays, the board did not change.
    const seller = await newPlayer(server, { terydollars: 5 })
    const offer = (await listOffer(seller)).body.data.offer
    expect(typesOf(await tab.drain())).toEqual(['board.changed'])
    const listed = await eventCount()
    const refused = await server.call('/api/trading/buy', {
      body: { offerId: offer.id },
      cookie: player.cookie,
    })
    expect(refused.status).toBe(400)
    expect(await tab.drain()).toEqual([])
    expect(await eventCount()).toBe(listed)
  })

  it('announces what a nested transaction did only when it was kept', async () => {
    const player = await newPlayer(server)
    const tab = (await connect(player)).stream
    // A service that opens its own transaction, called inside another (the demo seed does).
    await server.db.transaction(async (tx) => {
      await tx.transaction((kept) => notify(kept, player.id, 'Se queda'))
      await tx
        .transaction(async (undone) => {
          await notify(undone, player.id, 'Se deshace')
          throw new Error('undone')
        })
        .catch(() => undefined)
    })
    expect(typesOf(await tab.drain())).toEqual(['notification.received'])
  })

  it('sends a reconnection what it missed, in order and once, from where it left', async () => {
    const player = await newPlayer(server)
    const first = await connect(player)
    await first.stream.close()
    for (const amount of [1, 2, 3]) {
      await server.db.transaction((tx) =>
        transfer(tx, {
          currency: 'gems',
          from: { system: 'supply' },
          to: { userId: player.id },
          amount,
          kind: 'test-funds',
        }),
      )
    }
    const again = await connect(player, first.ready.id)
    expect(again.ready.id).toBe(first.ready.id)
    const missed = await again.stream.drain()
    expect(
      missed.map((event) => (event.data as { balances: { gems: number } }).balances.gems),
    ).toEqual([1, 3, 6])
    // From the last of those, nothing is sent twice.
    const third = await connect(player, missed.at(-1)?.id)
    expect(await third.stream.drain()).toEqual([])
  })

  it('says "reload" when what was missed is gone, too much, or not this server’s to give', async () => {
    const player = await newPlayer(server)
    const { ready } = await connect(player)
    for (const lastEventId of ['no-es-un-numero', String(Number(ready.id) + 1000)]) {
      const { stream } = await connect(player, lastEventId)
      expect(typesOf(await stream.drain())).toEqual(['live.reload'])
      await stream.close()
    }
    await server.db.transaction(async (tx) => {
      for (let i = 0; i <= REPLAY_LIMIT; i += 1) await notify(tx, player.id, `Aviso ${i}`)
    })
    const tooMany = await connect(player, ready.id)
    expect(typesOf(await tooMany.stream.drain())).toEqual(['live.reload'])
    await tooMany.stream.close()

    // A day later the sweep has taken the events: the cursor is behind the horizon.
    await server.db.execute(sql`update ${liveEvents} set created_at = now() - interval '2 days'`)
    await sweepLiveEvents(server.db)
    const tooOld = await connect(player, ready.id)
    expect(typesOf(await tooOld.stream.drain())).toEqual(['live.reload'])
  })

  it('delivers a transaction too large to announce whole (a job telling many players)', async () => {
    const player = await newPlayer(server)
    const tab = (await connect(player)).stream
    await server.db.transaction(async (tx) => {
      for (let i = 0; i < 120; i += 1) {
        queueLiveEvent(tx, player.id, { type: 'notification.received', data: {} })
      }
    })
    const events = await tab.drain(500)
    expect(events).toHaveLength(120)
    const ids = events.map((event) => Number(event.id))
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
  })

  it('ends the stream with "session.ended" when the player logs out in another tab', async () => {
    const player = await newPlayer(server)
    const { stream } = await connect(player)
    const out = await server.call('/api/auth/logout', { body: {}, cookie: player.cookie })
    expect(out.status).toBe(200)
    expect((await stream.next()).event).toBe('session.ended')
    await stream.ended
  })

  it('ends the stream when its session expires', async () => {
    const player = await newPlayer(server)
    const token = decodeURIComponent(player.cookie.split('=')[1] ?? '')
    await server.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 600) })
      .where(eq(sessions.tokenHash, hashSessionToken(token)))
    const { stream } = await connect(player)
    expect(await stream.drain(300)).toEqual([])
    expect((await stream.next(2_000)).event).toBe('session.ended')
    await stream.ended
  })

  it('refuses, in Spanish, streams past a player’s limit and past the server’s', async () => {
    const player = await newPlayer(server)
    const open = [await connect(player), await connect(player)]
    const third = await openLive(server.app, player.cookie)
    expect(third.status).toBe(429)
    expect(third.response.headers.get('retry-after')).toBe('30')
    expect(await third.response.json()).toMatchObject({
      status: 429,
      message: liveMessages.tooManyStreams,
    })
    // Closing one tab frees its place.
    await open[0]?.stream.close()
    await expect.poll(() => server.live.size).toBe(1)
    await connect(player)

    // Fill the server (6) with other players' tabs: the next one is refused whoever asks.
    while (server.live.size < 6) await connect(await newPlayer(server))
    const refused = await openLive(server.app, (await newPlayer(server)).cookie)
    expect(refused.status).toBe(503)
    expect(await refused.response.json()).toMatchObject({
      status: 503,
      message: liveMessages.serverFull,
    })
  })
})

describe.runIf(onPostgres)('two servers on one PostgreSQL', () => {
  let second: TestServer

  beforeAll(async () => {
    const url = server.database.url
    if (!url) throw new Error('No PostgreSQL URL')
    const database = openPostgres(url, { max: 5 })
    second = await startTestServer({ database: { ...database, url } })
  })

  afterAll(async () => {
    await second.close()
  })

  it('delivers to a player on one server what a change through the other caused', async () => {
    const seller = await newPlayer(server, { terydollars: 5 })
    const buyer = await newPlayer(second, { gems: 100 })
    const offer = (await listOffer(seller, second)).body.data.offer
    const onFirst = (await connect(seller)).stream
    const bought = await second.call('/api/trading/buy', {
      body: { offerId: offer.id },
      cookie: buyer.cookie,
    })
    expect(bought.status).toBe(200)
    expect((await onFirst.nextOf('offer.closed')).data).toEqual({
      offerId: offer.id,
      state: 'sold',
    })
  })
})

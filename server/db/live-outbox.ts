import { sql } from 'drizzle-orm'
import type { Currency } from '../../contract/currencies'
import type { LiveEvent } from '../../contract/live'
import type { Db, Tx } from './client'
import { liveEvents } from './schema'

/*
 * The live stream's outbox (decision 022). A service queues what its change announces on its
 * transaction; the transaction writes it as its last statements, so the events commit with the
 * change or not at all, and NOTIFY (delivered by PostgreSQL only at commit, in commit order, to
 * every server that listens) carries them to the servers holding the players' streams.
 */

/** The channel every server LISTENs on. */
export const LIVE_CHANNEL = 'tery_live'

/**
 * Held from the outbox's insert to the commit: publishing transactions commit one at a time, so
 * event ids follow commit order and a reconnection's `id > Last-Event-ID` misses nothing. NOTIFY
 * already serialises the commits of notifying transactions (an exclusive lock at pre-commit), so
 * this adds the insert's round trip to that queue, not a queue of its own. Any stable 64-bit
 * number (like the migrations' lock).
 */
const LIVE_ORDER_LOCK = 7_310_451_028

/**
 * PostgreSQL refuses a NOTIFY payload of 8000 bytes or more: a larger batch announces the range of
 * its ids instead, and each server reads those rows.
 */
const MAX_PAYLOAD = 7_900

const INSERT_BATCH = 1_000

/** An event as stored and announced: `userId` null goes to every player. */
export type StoredLiveEvent = LiveEvent & { id: number; userId: string | null }

/** What one NOTIFY says: the events themselves, or the range to read, and sessions that ended. */
export type LiveNotice = {
  events?: StoredLiveEvent[]
  range?: [from: number, to: number]
  /** SHA-256 hashes of session tokens that ended: their streams close. */
  ended?: string[]
}

type Outbox = {
  events: (LiveEvent & { userId: string | null })[]
  /** The latest balances of each player moved, sent once per transaction. */
  balances: Map<string, Record<Currency, number>>
  ended: string[]
}

const outboxes = new WeakMap<Tx, Outbox>()

function outboxOf(tx: Tx): Outbox {
  const outbox = outboxes.get(tx)
  // Only transactions opened through a Database of ./client.ts write their outbox at commit.
  if (!outbox) throw new Error('A live event needs a transaction of the app’s database')
  return outbox
}

/** Queues an event for one player (`userId`) or, with null, for every player. */
export function queueLiveEvent(tx: Tx, userId: string | null, event: LiveEvent): void {
  outboxOf(tx).events.push({ ...event, userId })
}

/** Queues a player's balances as a movement left them; only the transaction's last is sent. */
export function queueBalances(tx: Tx, userId: string, balances: Record<Currency, number>): void {
  outboxOf(tx).balances.set(userId, balances)
}

/** Closes the streams of a session that ends with this transaction (by its token's hash). */
export function queueSessionEnded(tx: Tx, tokenHash: string): void {
  outboxOf(tx).ended.push(tokenHash)
}

async function flush(tx: Tx, outbox: Outbox): Promise<void> {
  const queued = [
    ...[...outbox.balances].map(([userId, balances]) => ({
      userId,
      type: 'balances.changed' as const,
      data: { balances },
    })),
    ...outbox.events,
  ]
  if (queued.length === 0 && outbox.ended.length === 0) return
  const notice: LiveNotice = {}
  if (queued.length > 0) {
    await tx.execute(sql`select pg_advisory_xact_lock(${LIVE_ORDER_LOCK})`)
    const rows: StoredLiveEvent[] = []
    // In batches: a weekly job tells every player, and a statement takes 65535 parameters.
    for (let start = 0; start < queued.length; start += INSERT_BATCH) {
      const batch = queued.slice(start, start + INSERT_BATCH)
      const inserted = await tx
        .insert(liveEvents)
        .values(batch.map(({ userId, type, data }) => ({ userId, type, data })))
        .returning({
          id: liveEvents.id,
          userId: liveEvents.userId,
          type: liveEvents.type,
          data: liveEvents.data,
        })
      rows.push(...(inserted as StoredLiveEvent[]))
    }
    notice.events = rows
  }
  if (outbox.ended.length > 0) notice.ended = outbox.ended
  let payload = JSON.stringify(notice)
  if (payload.length > MAX_PAYLOAD && notice.events) {
    const ids = notice.events.map((event) => event.id)
    payload = JSON.stringify({
      ...notice,
      events: undefined,
      range: [Math.min(...ids), Math.max(...ids)],
    })
  }
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`)
}

/**
 * Makes every transaction of `db` write its outbox as its last statements. Applied once, by
 * ./client.ts, to each Database it opens: services keep calling `db.transaction()`.
 */
export function withLiveOutbox(db: Db): Db {
  const transaction = db.transaction.bind(db)
  const outboxed: Db['transaction'] = (run, config) =>
    transaction(async (tx) => {
      const outbox: Outbox = { events: [], balances: new Map(), ended: [] }
      outboxes.set(tx, outbox)
      const result = await run(tx)
      await flush(tx, outbox)
      return result
    }, config)
  db.transaction = outboxed
  return db
}

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

/**
 * The balances the transaction's movements so far left a player with, as queued for the stream
 * (null when none moved theirs): known without a read, since transfer() works them out from the
 * accounts it locked, and those stay locked until the transaction ends.
 */
export function queuedBalances(tx: Tx, userId: string): Record<Currency, number> | null {
  return outboxes.get(tx)?.balances.get(userId) ?? null
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
  const ended = JSON.stringify(outbox.ended)
  if (queued.length === 0) {
    if (outbox.ended.length > 0) {
      await tx.execute(
        sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ ended: outbox.ended })})`,
      )
    }
    return
  }
  // One statement, so the lock is held for it and the commit only (three round trips under it
  // cost most of the commit rate: decision 022): the lock first (the insert reads it), then the
  // rows in the order queued, numbered as inserted, then one NOTIFY with them, or with their range
  // when they would not fit in one.
  const events = JSON.stringify(queued.map(({ userId, type, data }) => ({ userId, type, data })))
  await tx.execute(sql`
    with lock as (select pg_advisory_xact_lock(${LIVE_ORDER_LOCK})),
    added as (
      insert into ${liveEvents} (user_id, type, data)
      select e."userId", e.type, e.data
      from lock, rows from (jsonb_to_recordset(${events}::jsonb) as ("userId" uuid, type text, data jsonb))
        with ordinality as e("userId", type, data, n)
      order by e.n
      returning id, user_id, type, data),
    notice as (
      select json_build_object(
               'events', json_agg(json_build_object('id', id, 'userId', user_id, 'type', type, 'data', data) order by id),
               'ended', ${ended}::json)::text as whole,
             json_build_object('range', json_build_array(min(id), max(id)), 'ended', ${ended}::json)::text as range
      from added)
    select pg_notify(${LIVE_CHANNEL}, case when octet_length(whole) <= ${MAX_PAYLOAD} then whole else range end)
    from notice`)
}

/**
 * Gives each transaction `owner` opens an outbox: the outermost writes it as its last statements;
 * one nested in it (a savepoint: a service that opens its own transaction, called inside another)
 * hands its events to the enclosing one when it succeeds, and drops them when it is rolled back.
 */
function withOutboxes(owner: Db, enclosing: Outbox | null): void {
  const transaction = owner.transaction.bind(owner)
  const outboxed: Db['transaction'] = (run, config) =>
    transaction(async (tx) => {
      const outbox: Outbox = { events: [], balances: new Map(), ended: [] }
      outboxes.set(tx, outbox)
      withOutboxes(tx, outbox)
      const result = await run(tx)
      if (enclosing === null) {
        await flush(tx, outbox)
      } else {
        enclosing.events.push(...outbox.events)
        for (const [userId, balances] of outbox.balances) enclosing.balances.set(userId, balances)
        enclosing.ended.push(...outbox.ended)
      }
      return result
    }, config)
  owner.transaction = outboxed
}

/**
 * Makes every transaction of `db` write its outbox as its last statements. Applied once, by
 * ./client.ts, to each Database it opens: services keep calling `db.transaction()`.
 */
export function withLiveOutbox(db: Db): Db {
  withOutboxes(db, null)
  return db
}

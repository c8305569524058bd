import { and, asc, eq, gt, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import type { Currency } from '../../contract/currencies'
import { selectRows, type Db } from '../db/client'
import type { StoredLiveEvent } from '../db/live-outbox'
import { liveEvents, liveHorizon } from '../db/schema'
import { balancesSql, parseBalances } from './ledger'

/** How long events stay for a reconnection to replay: past that it gets `live.reload`. */
export const LIVE_RETENTION_MS = 24 * 60 * 60 * 1000

/** A reconnection that missed more events than this gets `live.reload` instead of the events. */
export const REPLAY_LIMIT = 200

const columns = {
  id: liveEvents.id,
  userId: liveEvents.userId,
  type: liveEvents.type,
  data: liveEvents.data,
}

/**
 * Where a new stream starts: the id of the last event committed and the player's balances, read
 * in one statement, so the balances are those that event left and every later one is announced.
 */
export async function streamStart(
  db: Db,
  userId: string,
): Promise<{ latest: number; balances: Record<Currency, number> }> {
  const [row] = await selectRows<{ latest: string; balances: string }>(
    db,
    sql`select greatest(
          (select coalesce(max(${liveEvents.id}), 0) from ${liveEvents}),
          (select coalesce(max(${liveHorizon.sweptThrough}), 0) from ${liveHorizon})
        )::text as latest, ${balancesSql(sql`${userId}::uuid`)} as balances`,
  )
  if (!row) throw new Error('The stream start was not read')
  return { latest: Number(row.latest), balances: parseBalances(row.balances) }
}

/** What a reconnection gets: the events after its cursor, or `reload` when that is impossible. */
export type Replay = { events: StoredLiveEvent[] } | 'reload'

/**
 * The player's events (and everyone's) after `cursor`, the last id the stream had, in order; with
 * `latest` the last id committed (streamStart). A cursor below what was swept, or beyond anything
 * this database ever numbered (another database's, a forged one), or further back than
 * REPLAY_LIMIT events, is `reload`.
 */
export async function replaySince(
  db: Db,
  userId: string | null,
  cursor: number,
  latest: number,
): Promise<Replay> {
  if (cursor > latest) return 'reload'
  const [horizon] = await db
    .select({ sweptThrough: liveHorizon.sweptThrough })
    .from(liveHorizon)
    .limit(1)
  if (cursor < (horizon?.sweptThrough ?? 0)) return 'reload'
  const rows = await db
    .select(columns)
    .from(liveEvents)
    .where(
      and(
        gt(liveEvents.id, cursor),
        lte(liveEvents.id, latest),
        userId === null ? undefined : or(eq(liveEvents.userId, userId), isNull(liveEvents.userId)),
      ),
    )
    .orderBy(asc(liveEvents.id))
    .limit(REPLAY_LIMIT + 1)
  if (rows.length > REPLAY_LIMIT) return 'reload'
  return { events: rows as StoredLiveEvent[] }
}

/**
 * The events numbered `from` to `to` for these players or for everyone, for a NOTIFY that
 * announced only their range (a weekly job's message to every player, of whom a server holds few).
 */
export async function eventsInRange(
  db: Db,
  [from, to]: [number, number],
  userIds: readonly string[],
): Promise<StoredLiveEvent[]> {
  const rows = await db
    .select(columns)
    .from(liveEvents)
    .where(
      and(
        gte(liveEvents.id, from),
        lte(liveEvents.id, to),
        userIds.length === 0
          ? isNull(liveEvents.userId)
          : or(inArray(liveEvents.userId, [...userIds]), isNull(liveEvents.userId)),
      ),
    )
    .orderBy(asc(liveEvents.id))
  return rows as StoredLiveEvent[]
}

/**
 * Deletes the events older than LIVE_RETENTION_MS and moves the horizon to the last one deleted,
 * in one statement (the hourly sweep, server/services/maintenance.ts).
 */
export async function sweepLiveEvents(db: Db): Promise<void> {
  await db.execute(sql`with swept as (
      delete from ${liveEvents}
      where ${liveEvents.createdAt} < now() - (${LIVE_RETENTION_MS}::bigint * interval '1 millisecond')
      returning ${liveEvents.id})
    insert into ${liveHorizon} (one, swept_through)
    select true, max(id) from swept having count(*) > 0
    on conflict (one) do update set swept_through = greatest(${liveHorizon.sweptThrough}, excluded.swept_through)`)
}

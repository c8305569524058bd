import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { rateLimits } from '../db/schema'

/** How many attempts a key may take, and over how long. */
export type LimitPolicy = {
  limit: number
  windowMs: number
  /**
   * Instead of waiting for the window to end, an attempt over the limit starts a lockout of
   * `firstMs`, twice as long each time (capped at `maxMs`), after which a fresh window opens.
   */
  lockout?: { firstMs: number; maxMs: number }
}

export type Slot = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/** After this long without an attempt, a key's lockouts are forgiven (and its row may go). */
export const RATE_LIMIT_MEMORY_MS = 24 * 60 * 60 * 1000

const ms = (value: number) => sql`(${value}::bigint * interval '1 millisecond')`

/**
 * Reserves one attempt for `key` before the work it guards, in a single conditional upsert, so
 * any number of concurrent callers can never take more than `limit` slots of a window (the row
 * lock of the upsert orders them). With a lockout policy, the first attempt over the limit starts
 * the lockout; attempts during it change nothing.
 */
export async function takeSlot(db: Db, key: string, policy: LimitPolicy): Promise<Slot> {
  const r = rateLimits
  const blocked = sql`(${r.blockedUntil} is not null and ${r.blockedUntil} > now())`
  const expired = sql`(${r.windowEndsAt} <= now())`
  const forgiven = sql`(${r.windowEndsAt} <= now() - ${ms(RATE_LIMIT_MEMORY_MS)})`
  const over = sql`(not ${expired} and ${r.hits} >= ${policy.limit}::integer)`
  const lockout = policy.lockout
  // Every SET expression reads the row as it was before this attempt.
  const locksOut = lockout ? over : sql`false`
  const lockoutEnds = lockout
    ? sql`now() + ${ms(lockout.firstMs)} * least(power(2, least(${r.strikes}, 30)), ${lockout.maxMs / lockout.firstMs}::double precision)`
    : sql`null`

  const [row] = await db
    .insert(r)
    .values({ key, hits: 1, windowEndsAt: sql`now() + ${ms(policy.windowMs)}` })
    .onConflictDoUpdate({
      target: r.key,
      set: {
        // Counts up to limit + 1: the value itself says whether this attempt got a slot.
        hits: sql`case when ${blocked} then ${r.hits} when ${expired} then 1
          else least(${r.hits} + 1, ${policy.limit}::integer + 1) end`,
        windowEndsAt: sql`case when ${blocked} then ${r.windowEndsAt}
          when ${locksOut} then ${lockoutEnds}
          when ${expired} then now() + ${ms(policy.windowMs)}
          else ${r.windowEndsAt} end`,
        blockedUntil: sql`case when ${blocked} then ${r.blockedUntil}
          when ${locksOut} then ${lockoutEnds} else ${r.blockedUntil} end`,
        strikes: sql`case when ${blocked} then ${r.strikes}
          when ${locksOut} then ${r.strikes} + 1
          when ${forgiven} then 0 else ${r.strikes} end`,
      },
    })
    .returning({
      // RETURNING reads the row as this attempt left it.
      blocked: sql<boolean>`${blocked}`,
      over: sql<boolean>`${r.hits} > ${policy.limit}::integer`,
      // From the clock, not now(): now() is when this statement began, and one that waited on
      // the row for a caller who began later would count a wait longer than the window.
      retryAfterSeconds: sql<number>`greatest(1, ceil(extract(epoch from (
        case when ${blocked} then ${r.blockedUntil} else ${r.windowEndsAt} end) - clock_timestamp())))::integer`,
    })
  if (!row) throw new Error(`The rate limit ${key} was not written`)
  return row.blocked || row.over
    ? { allowed: false, retryAfterSeconds: row.retryAfterSeconds }
    : { allowed: true }
}

/** Gives back a slot taken for an attempt that turned out fine (a successful login, a signup). */
export async function returnSlot(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(eq(rateLimits.key, key))
}

/** Forgets a key's attempts and lockouts (a successful login resets its account-and-IP pair). */
export async function clearSlots(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key))
}

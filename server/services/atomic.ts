import { createHash } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { isRetryableConflict } from './db-errors'

/*
 * The three ways a service makes a concurrent change safe, so nobody writes check-then-write
 * (docs/architecture.md, "Concurrency: the three patterns"):
 *
 * 1. A conditional update that states the expected state in its WHERE and says whether it won:
 *    claimOnce(). The default: one statement, no lock held beyond it.
 * 2. A transaction-scoped advisory lock on a name, when a rule spans rows that a single update
 *    cannot express (at most N offers per player, a draw that must run once): withAdvisoryLock().
 * 3. A SERIALIZABLE transaction retried on conflict, when the rule is a read of many rows followed
 *    by a write: withSerializableRetry().
 *
 * Unique constraints (and the ledger's idempotency keys) are the fourth tool and need no helper.
 */

/** A stable signed 64-bit number for a lock name: the first 8 bytes of its SHA-256. */
export function advisoryLockId(key: string): bigint {
  return createHash('sha256').update(key).digest().readBigInt64BE(0)
}

/**
 * Takes a PostgreSQL advisory lock named `key` until the transaction ends (commit or rollback), so
 * transactions naming the same key run one after the other. On PGlite, which runs one transaction
 * at a time, it never waits.
 *
 * @example
 * await db.transaction(async (tx) => {
 *   await withAdvisoryLock(tx, `offers:${userId}`)
 *   const open = await countOpenOffers(tx, userId)
 *   if (open >= MAX_OPEN_OFFERS) throw new DomainError(409, economyMessages.tooManyOffers)
 *   await createOffer(tx, userId, input)
 * })
 */
export async function withAdvisoryLock(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${advisoryLockId(key).toString()}::bigint)`)
}

/**
 * Runs a conditional UPDATE (or DELETE) ... RETURNING whose WHERE states the state it expects, and
 * answers the row it changed, or null when the condition no longer held: someone else won. The
 * WHERE must select at most one row; a query that changed several throws, as that is a bug.
 *
 * @example
 * const coupon = await claimOnce(
 *   tx.update(coupons)
 *     .set({ state: 'claimed', claimedAt: new Date() })
 *     .where(and(eq(coupons.id, id), eq(coupons.ownerId, userId), eq(coupons.state, 'active')))
 *     .returning(),
 * )
 * if (!coupon) throw new DomainError(409, apiMessages.couponAlreadyClaimed)
 * await transfer(tx, { ..., idempotencyKey: `coupon:${coupon.id}` })
 */
export async function claimOnce<T>(query: PromiseLike<T[]>): Promise<T | null> {
  const rows = await query
  if (rows.length > 1) throw new Error(`claimOnce changed ${rows.length} rows instead of one`)
  return rows[0] ?? null
}

/** How many times withSerializableRetry runs a transaction before giving up. */
export const MAX_TRANSACTION_ATTEMPTS = 5

/**
 * Runs `fn` in a SERIALIZABLE transaction and runs it again, from the start, when PostgreSQL aborts
 * it for a serialization failure (40001) or a deadlock (40P01), up to MAX_TRANSACTION_ATTEMPTS
 * times with a short random pause. `fn` must have no effect outside the database, since it may
 * run more than once. Any other error, and the last conflict, propagate.
 */
export async function withSerializableRetry<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(fn, { isolationLevel: 'serializable' })
    } catch (error) {
      if (!isRetryableConflict(error) || attempt >= MAX_TRANSACTION_ATTEMPTS) throw error
      // Spread the retries so the same transactions do not collide again in lockstep.
      await sleep(Math.random() * 20 * attempt)
    }
  }
}

import { createHash } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { PgTransaction } from 'drizzle-orm/pg-core'
import { retryableConflictCode } from './db-errors'

/*
 * The three ways a service makes a concurrent change safe, so nobody writes check-then-write
 * (docs/server.md, "Concurrency: the three patterns"):
 *
 * 1. A conditional update that states the expected state in its WHERE and says whether it won:
 *    claimOnce(). The default: one statement, no lock held beyond it.
 * 2. A transaction-scoped advisory lock on a name, when a rule spans rows that a single update
 *    cannot express (at most N offers per player, a draw that must run once): withAdvisoryLock().
 * 3. A SERIALIZABLE transaction, when the rule is a read of many rows followed by a write:
 *    inTransaction(db, fn, { isolationLevel: 'serializable' }).
 *
 * Every transaction begins with inTransaction(), which retries deadlocks and serialization
 * failures at the transaction's boundary (lint allows no other `.transaction(` in server/).
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
 * await inTransaction(db, async (tx) => {
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

/** How many times inTransaction runs a transaction that keeps meeting conflicts before giving up. */
export const MAX_TRANSACTION_ATTEMPTS = 5
/** The first retry waits up to this long; each further one up to twice as long as the last. */
const RETRY_PAUSE_MS = 10

let retriesSinceStart = 0

export type TransactionOptions = {
  /** SERIALIZABLE, for a read of many rows followed by a write (pattern 3 above). */
  isolationLevel?: 'serializable'
  /**
   * `fn` has an effect outside the database that must not happen twice (it answers an HTTP
   * request): a conflict is not retried but propagates.
   */
  once?: boolean
}

/**
 * Every transaction the server runs starts here, so a deadlock (40P01) or a serialization failure
 * (40001) is retried at the transaction's boundary however careful its lock order: `fn` runs again
 * from the start, up to MAX_TRANSACTION_ATTEMPTS times, after a random pause that doubles its
 * range each time (so the same transactions do not collide again in lockstep), and each retry is
 * logged with the count since the server started. `fn` must have no effect outside the database,
 * since it may run more than once. Any other error, and the last conflict, propagate.
 *
 * Inside another transaction (`db` is a transaction: a keyed request's, see
 * server/http/idempotency.ts) it runs as a savepoint, retried on a deadlock: PostgreSQL aborts only
 * the savepoint's work and frees its locks, so the enclosing transaction carries on.
 */
export async function inTransaction<T>(
  db: Db,
  fn: (tx: Tx) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const nested = db instanceof PgTransaction
  if (nested && options.isolationLevel) {
    throw new Error('A serializable transaction cannot run inside another transaction')
  }
  const config = options.isolationLevel ? { isolationLevel: options.isolationLevel } : undefined
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(fn, config)
    } catch (error) {
      const code = retryableConflictCode(error)
      // A savepoint cannot serialize again on the same snapshot: only a deadlock is worth it.
      const retryable = code === '40P01' || (code === '40001' && !nested)
      if (!retryable || options.once || attempt >= MAX_TRANSACTION_ATTEMPTS) throw error
      retriesSinceStart += 1
      console.warn(
        `Transacción reintentada por ${code === '40P01' ? 'un interbloqueo' : 'un conflicto de serialización'} ` +
          `(${code}): intento ${attempt + 1} de ${MAX_TRANSACTION_ATTEMPTS}; ` +
          `${retriesSinceStart} reintentos desde el arranque`,
      )
      await sleep(Math.random() * RETRY_PAUSE_MS * 2 ** (attempt - 1))
    }
  }
}

import { and, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { idempotencyKeys } from '../db/schema'

/** How long a key and its answer are kept: a replay later than this runs again. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000

/** How long a replay waits for the request that holds its key to commit or roll back. */
export const REPLAY_WAIT_MS = 10_000

/** A player's key: keys are scoped to the player who sent them. */
export type IdempotencyKey = { userId: string; key: string }

export type StoredAnswer = { fingerprint: string; status: number | null; response: string | null }

const expiredBefore = sql`now() - (${IDEMPOTENCY_KEY_TTL_MS}::bigint * interval '1 millisecond')`

function forKey({ userId, key }: IdempotencyKey) {
  return and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key))
}

/**
 * Reserves a key for the request whose transaction `tx` is, in one statement: inserts it, or takes
 * over one whose 24 hours are over. True when the key is now this request's; false when another
 * request's committed answer holds it. While another request's transaction holds the key, the
 * statement waits for it (up to REPLAY_WAIT_MS, then PostgreSQL's lock_timeout error 55P03): its
 * commit makes this false, its rollback (a refusal of the server, a crash) true.
 */
export async function reserveKey(
  tx: Tx,
  id: IdempotencyKey,
  fingerprint: string,
): Promise<boolean> {
  // Only this statement waits that long; the handler's own locks keep the server's setting.
  await tx.execute(sql.raw(`set local lock_timeout = ${REPLAY_WAIT_MS}`))
  const rows = await tx
    .insert(idempotencyKeys)
    .values({ ...id, fingerprint })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { fingerprint, status: null, response: null, createdAt: sql`now()` },
      // A committed key without an answer was left by a server before answers were stored with
      // their movement (a crash between the two): nothing can come for it any more.
      setWhere: sql`${idempotencyKeys.createdAt} <= ${expiredBefore} or ${idempotencyKeys.status} is null`,
    })
    .returning({ key: idempotencyKeys.key })
  await tx.execute(sql.raw('set local lock_timeout to default'))
  return rows.length > 0
}

/** What is stored under a key within its 24 hours: its request's fingerprint and its answer. */
export async function readKey(db: Db, id: IdempotencyKey): Promise<StoredAnswer | null> {
  const [row] = await db
    .select({
      fingerprint: idempotencyKeys.fingerprint,
      status: idempotencyKeys.status,
      response: idempotencyKeys.response,
    })
    .from(idempotencyKeys)
    .where(and(forKey(id), sql`${idempotencyKeys.createdAt} > ${expiredBefore}`))
    .limit(1)
  return row ?? null
}

/** Stores the answer in the request's transaction, the one that made the movement it answers. */
export async function storeAnswer(
  tx: Tx,
  id: IdempotencyKey,
  status: number,
  response: string,
): Promise<void> {
  await tx.update(idempotencyKeys).set({ status, response }).where(forKey(id))
}

/** Frees a key whose request ended without an answer worth keeping, so it can be sent again. */
export async function releaseKey(tx: Tx, id: IdempotencyKey): Promise<void> {
  await tx.delete(idempotencyKeys).where(forKey(id))
}

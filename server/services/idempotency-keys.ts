import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { idempotencyKeys } from '../db/schema'

/** How long a key and its answer are kept: a replay later than this runs again. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000

/** A player's key: keys are scoped to the player who sent them. */
export type IdempotencyKey = { userId: string; key: string }

export type StoredAnswer = { fingerprint: string; status: number | null; response: string | null }

function forKey({ userId, key }: IdempotencyKey) {
  return and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key))
}

/**
 * Reserves a key for a request in one statement: inserts it, or takes over one whose 24 hours
 * are over. True when the key is now this request's to run; false when another request holds it.
 */
export async function reserveKey(
  db: Db,
  id: IdempotencyKey,
  fingerprint: string,
): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({ ...id, fingerprint })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { fingerprint, status: null, response: null, createdAt: sql`now()` },
      setWhere: sql`${idempotencyKeys.createdAt} <= now() - (${IDEMPOTENCY_KEY_TTL_MS}::bigint * interval '1 millisecond')`,
    })
    .returning({ key: idempotencyKeys.key })
  return rows.length > 0
}

/** What is stored under a key: its request's fingerprint and, once known, the answer. */
export async function readKey(db: Db, id: IdempotencyKey): Promise<StoredAnswer | null> {
  const [row] = await db
    .select({
      fingerprint: idempotencyKeys.fingerprint,
      status: idempotencyKeys.status,
      response: idempotencyKeys.response,
    })
    .from(idempotencyKeys)
    .where(forKey(id))
    .limit(1)
  return row ?? null
}

export async function storeAnswer(
  db: Db,
  id: IdempotencyKey,
  status: number,
  response: string,
): Promise<void> {
  await db.update(idempotencyKeys).set({ status, response }).where(forKey(id))
}

/** Frees a key whose request ended without an answer worth keeping, so it can be sent again. */
export async function releaseKey(db: Db, id: IdempotencyKey): Promise<void> {
  await db.delete(idempotencyKeys).where(forKey(id))
}

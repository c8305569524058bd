import { createHash } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { TransactionRollbackError } from 'drizzle-orm'
import { apiMessages } from '../../contract/messages'
import type { Db, Tx } from '../db/client'
import { inTransaction } from '../services/atomic'
import { isLockTimeout } from '../services/db-errors'
import { DomainError } from '../services/errors'
import {
  readKey,
  releaseKey,
  reserveKey,
  storeAnswer,
  type IdempotencyKey,
  type StoredAnswer,
} from '../services/idempotency-keys'
import { recordIdempotency } from './endpoint'
import type { AppEnv } from './request-context'

/** 1 to 128 visible ASCII characters (a UUID, a ULID, any opaque token). */
const KEY_PATTERN = /^[\x21-\x7e]{1,128}$/

/** What a money-moving handler runs on: the request's own transaction when it carries a key. */
export type KeyedEnv = { Variables: { db: Db } }

function replayOf(stored: StoredAnswer, fingerprint: string): Response | null {
  // Without an answer the key is no request's (reserveKey takes it over): nothing to compare.
  if (stored.status === null || stored.response === null) return null
  if (stored.fingerprint !== fingerprint) {
    throw new DomainError(422, apiMessages.idempotencyKeyReused)
  }
  return new Response(stored.response, {
    status: stored.status,
    headers: { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' },
  })
}

const inProgress = () =>
  new DomainError(409, apiMessages.idempotencyKeyInProgress, null, { 'Retry-After': '1' })

/**
 * Makes a money-moving POST idempotent per player. With an `Idempotency-Key` header the request
 * runs in one transaction that begins by reserving the key and ends by storing the answer (status
 * and body) under it, so the key, the movement and the answer commit together or not at all:
 *
 * - a replay, even 50 at once, gets the stored answer without running the handler again (header
 *   `Idempotent-Replayed: true`); one sent while the first still runs waits for its commit (up to
 *   10 s, then 409 with Retry-After) and gets its answer;
 * - if the server dies before the commit, the database rolls the transaction back, key included:
 *   the replay finds nothing and runs afresh. The reservation is a lease that ends with the
 *   transaction: with the connection on a crash, or after PostgreSQL's idle-in-transaction timeout
 *   when a connection is left open (server/db/client.ts);
 * - the same key with another method, path or body gets 422; a 5xx is rolled back and a 429 keeps
 *   its effects but not the key, so the key can be sent again. The answer is kept 24 hours.
 *
 * The handler must do all its database work on `c.var.db` (the transaction, or the root db
 * without the header): on PGlite, which has one connection, a query on the root db would wait for
 * this very transaction. Its services' own transactions run inside as savepoints. Mount it after
 * endpoint() (with auth 'session', which validates the input first); the OpenAPI document then
 * lists the header:
 *
 *   .post(...endpoint(trading.buyOffer), idempotent(db),
 *     async (c) => reply(c, await buyOffer(c.var.db, ...)))
 */
export function idempotent(db: Db): MiddlewareHandler<AppEnv & KeyedEnv> {
  const middleware: MiddlewareHandler<AppEnv & KeyedEnv> = async (c, next) => {
    const key = c.req.header('idempotency-key')
    if (key === undefined) {
      c.set('db', db)
      return next()
    }
    if (!KEY_PATTERN.test(key)) throw new DomainError(400, apiMessages.invalidIdempotencyKey)
    const user = c.get('user')
    // Keys belong to a player: only endpoint({ auth: 'session' }) routes mount this middleware.
    if (!user) throw new DomainError(401, apiMessages.sessionEnded)
    const id: IdempotencyKey = { userId: user.id, key }
    const url = new URL(c.req.url)
    const fingerprint = createHash('sha256')
      .update(`${c.req.method} ${url.pathname}${url.search}\n`)
      .update(await c.req.text())
      .digest('hex')

    // A replay of a finished request reads its answer without opening a transaction.
    const earlier = await readKey(db, id)
    const early = earlier && replayOf(earlier, fingerprint)
    if (early) return early

    let replay: Response | null = null
    try {
      await inTransaction(
        db,
        async (tx: Tx) => {
          // Waits while another request holds the key: its commit or its rollback decides.
          if (!(await reserveKey(tx, id, fingerprint))) {
            const stored = await readKey(tx, id)
            replay = stored && replayOf(stored, fingerprint)
            if (!replay) throw inProgress()
            return
          }
          c.set('db', tx)
          await next()
          const { status } = c.res
          if (status >= 500) tx.rollback()
          else if (status === 429) await releaseKey(tx, id)
          else await storeAnswer(tx, id, status, await c.res.clone().text())
        },
        { once: true },
      )
    } catch (error) {
      // The 5xx answer stands; only its effects and the key are undone.
      if (error instanceof TransactionRollbackError) return
      if (isLockTimeout(error)) throw inProgress()
      throw error
    }
    if (replay) return replay
  }
  recordIdempotency(middleware as Parameters<typeof recordIdempotency>[0])
  return middleware
}

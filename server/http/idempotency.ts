import { createHash } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { MiddlewareHandler } from 'hono'
import { apiMessages } from '../../contract/messages'
import type { Db } from '../db/client'
import { DomainError } from '../services/errors'
import {
  readKey,
  releaseKey,
  reserveKey,
  storeAnswer,
  type IdempotencyKey,
} from '../services/idempotency-keys'
import { recordIdempotency } from './endpoint'
import type { AppEnv } from './request-context'

/** 1 to 128 visible ASCII characters (a UUID, a ULID, any opaque token). */
const KEY_PATTERN = /^[\x21-\x7e]{1,128}$/
/** How long a replay waits for the first request's answer before giving up (409). */
const REPLAY_WAIT_MS = 10_000
const REPLAY_POLL_MS = 25

/** Answers that are not kept: the caller may send the same key again and get a fresh one. */
function isTransient(status: number): boolean {
  return status >= 500 || status === 429
}

/**
 * Makes a money-moving POST idempotent per player. With an `Idempotency-Key` header, the first
 * request reserves the key atomically and runs; its answer (status and body) is kept for 24 hours
 * under (player, key), and a replay, even 50 at once, gets that same answer without running the
 * handler again (header `Idempotent-Replayed: true`). The same key with another method, path or
 * body gets 422. Replays that arrive while the first request runs wait for its answer, up to 10 s,
 * then 409 with Retry-After. 5xx and 429 answers are not kept, so the key can be sent again.
 * Without the header the request runs as usual. Mount it after endpoint() (with auth 'session')
 * and validation; the OpenAPI document then lists the header and the answers it can give:
 *
 *   .post('/buy', endpoint({ auth: 'session', ... }), validate('json', buyBody), idempotent(db), ...)
 *
 * The answer is stored right after the handler (and its transaction) finished; if the process dies
 * in between, the key stays reserved without an answer and its replays get 409 until it expires.
 */
export function idempotent(db: Db): MiddlewareHandler<AppEnv> {
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const key = c.req.header('idempotency-key')
    if (key === undefined) return next()
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

    const deadline = Date.now() + REPLAY_WAIT_MS
    while (!(await reserveKey(db, id, fingerprint))) {
      const stored = await readKey(db, id)
      // Released between the two statements (its request failed): try to reserve it again.
      if (!stored) continue
      if (stored.fingerprint !== fingerprint) {
        throw new DomainError(422, apiMessages.idempotencyKeyReused)
      }
      if (stored.status !== null && stored.response !== null) {
        return c.body(stored.response, stored.status as 200, {
          'Content-Type': 'application/json',
          'Idempotent-Replayed': 'true',
        })
      }
      if (Date.now() >= deadline) {
        throw new DomainError(409, apiMessages.idempotencyKeyInProgress, null, {
          'Retry-After': '1',
        })
      }
      await sleep(REPLAY_POLL_MS)
    }

    await next()
    if (isTransient(c.res.status)) await releaseKey(db, id)
    else await storeAnswer(db, id, c.res.status, await c.res.clone().text())
  }
  recordIdempotency(middleware as Parameters<typeof recordIdempotency>[0])
  return middleware
}

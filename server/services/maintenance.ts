import { lt, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { idempotencyKeys, jobRuns, rateLimits, sessions } from '../db/schema'
import { IDEMPOTENCY_KEY_TTL_MS } from './idempotency-keys'
import { SESSION_IDLE_MS } from './auth'
import { sweepLiveEvents } from './live-events'
import { RATE_LIMIT_MEMORY_MS } from './rate-limits'

/** How long a scheduled job's run is remembered: longer than any job's period. */
const JOB_RUN_MEMORY_MS = 400 * 24 * 60 * 60 * 1000

const ago = (ms: number) => sql`now() - (${ms}::bigint * interval '1 millisecond')`

/**
 * Deletes rows nothing will read again: rate-limit counters idle for a day (their lockouts are
 * forgiven by then anyway), idempotency keys past their 24 hours, ended sessions, job runs of
 * more than a year ago and live events past their day (moving the replay's horizon). Each is one statement. A scheduled job (server/services/scheduled-jobs.ts)
 * runs it once an hour.
 */
export async function sweepExpired(db: Db): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowEndsAt, ago(RATE_LIMIT_MEMORY_MS)))
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, ago(IDEMPOTENCY_KEY_TTL_MS)))
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, sql`now()`), lt(sessions.lastSeenAt, ago(SESSION_IDLE_MS))))
  await db.delete(jobRuns).where(lt(jobRuns.ranAt, ago(JOB_RUN_MEMORY_MS)))
  await sweepLiveEvents(db)
}

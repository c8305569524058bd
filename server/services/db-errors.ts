type PgErrorLike = {
  code?: unknown
  constraint?: unknown
  constraint_name?: unknown
  cause?: unknown
}

function pgError(error: unknown): PgErrorLike | null {
  // Drizzle wraps driver errors in DrizzleQueryError; the driver's error is its cause.
  let current: unknown = error
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as PgErrorLike
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate
    current = candidate.cause
  }
  return null
}

/** Whether an error is PostgreSQL's unique_violation (on a given constraint when named). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = pgError(error)
  if (pg?.code !== '23505') return false
  if (constraint === undefined) return true
  // PGlite names it `constraint`, postgres.js `constraint_name`.
  return pg.constraint === constraint || pg.constraint_name === constraint
}

/**
 * Why a transaction failed, when it failed only because of concurrency and may succeed if run
 * again: serialization_failure (40001) or deadlock_detected (40P01); else null.
 */
export function retryableConflictCode(error: unknown): '40001' | '40P01' | null {
  const code = pgError(error)?.code
  return code === '40001' || code === '40P01' ? code : null
}

/** Whether a statement gave up waiting for a lock (lock_not_available, 55P03: lock_timeout). */
export function isLockTimeout(error: unknown): boolean {
  return pgError(error)?.code === '55P03'
}

import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { apiMessages } from '../../contract/messages'
import { isTestRuntime } from '../env'
import { DomainError } from './errors'

/** OWASP's scrypt parameters; the cost drops to 2^10 only under the test runner. */
export const PRODUCTION_COST = 2 ** 17
export const TEST_COST = 2 ** 10
const BLOCK_SIZE = 8
const PARALLELIZATION = 1
const KEY_LENGTH = 32
/** Hashes running at once: each takes 128 MiB and a core at production cost. */
export const MAX_CONCURRENT_HASHES = 2
/**
 * Hashes allowed to wait for a slot. At production cost (about half a second on one core) the last
 * of them answers within a few seconds; beyond, the request is refused at once with 503 instead of
 * making every login, the real ones included, wait behind a burst.
 */
export const MAX_QUEUED_HASHES = 8
/** Seconds a caller refused for load is told to wait (Retry-After). */
const BUSY_RETRY_AFTER_SECONDS = 5

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

/** The server is at capacity: 503 'El servidor está ocupado…' with Retry-After. */
export const serverBusy = () =>
  new DomainError(503, apiMessages.busy, null, { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) })

/**
 * A counting semaphore: at most `limit` tasks run and at most `maxQueued` wait, in order; a task
 * beyond that is refused with serverBusy() without running.
 */
export function createSemaphore(limit: number, maxQueued: number) {
  let active = 0
  const waiting: (() => void)[] = []
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active >= limit) {
      if (waiting.length >= maxQueued) throw serverBusy()
      await new Promise<void>((resolve) => waiting.push(resolve))
    } else active += 1
    try {
      return await task()
    } finally {
      const next = waiting.shift()
      // The slot passes straight to the next waiter, so `active` only drops when nobody waits.
      if (next) next()
      else active -= 1
    }
  }
}

const limitHashes = createSemaphore(MAX_CONCURRENT_HASHES, MAX_QUEUED_HASHES)

function options(cost: number): ScryptOptions {
  // scrypt needs 128 * N * r bytes; leave room above that for Node's own bookkeeping.
  return { N: cost, r: BLOCK_SIZE, p: PARALLELIZATION, maxmem: 256 * cost * BLOCK_SIZE }
}

/** Hashes a password as `scrypt$N$r$p$salt$key` (salt and key base64url). */
export function hashPassword(password: string, cost = isTestRuntime ? TEST_COST : PRODUCTION_COST) {
  return limitHashes(async () => {
    const salt = randomBytes(16)
    const key = await scryptAsync(password, salt, options(cost))
    return [
      'scrypt',
      cost,
      BLOCK_SIZE,
      PARALLELIZATION,
      salt.toString('base64url'),
      key.toString('base64url'),
    ].join('$')
  })
}

/** Checks a password against a stored hash, with the parameters the hash was made with. */
export function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return Promise.resolve(false)
  const cost = Number(n)
  const expected = Buffer.from(key, 'base64url')
  return limitHashes(async () => {
    const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), {
      N: cost,
      r: Number(r),
      p: Number(p),
      maxmem: 256 * cost * Number(r),
    })
    return actual.length === expected.length && timingSafeEqual(actual, expected)
  })
}

let dummyHash: Promise<string> | null = null

/**
 * Spends the same work as a real check, for logins with an unknown email, so the answer's timing
 * does not tell which emails exist.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url')).catch((error: unknown) => {
    // Refused under load: the next unknown-email login makes it again.
    dummyHash = null
    throw error
  })
  await verifyPassword(password, await dummyHash)
  return false
}

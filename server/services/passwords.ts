import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { isTestRuntime } from '../env'

/** OWASP's scrypt parameters; the cost drops to 2^10 only under the test runner. */
export const PRODUCTION_COST = 2 ** 17
export const TEST_COST = 2 ** 10
const BLOCK_SIZE = 8
const PARALLELIZATION = 1
const KEY_LENGTH = 32
/** Hashes running at once: each takes 128 MiB and a core at production cost. */
const MAX_CONCURRENT_HASHES = 2

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

/** A counting semaphore: at most `limit` tasks run, the rest wait in order. */
export function createSemaphore(limit: number) {
  let active = 0
  const waiting: (() => void)[] = []
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
    else active += 1
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

const limitHashes = createSemaphore(MAX_CONCURRENT_HASHES)

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
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'))
  await verifyPassword(password, await dummyHash)
  return false
}

import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { apiMessages } from '../../contract/messages'
import { isTestRuntime } from '../env'
import { retryLater } from './errors'
import {
  createHashingQueue,
  HashingQueueFull,
  type HashingQueueLimits,
  type HashLane,
} from './hashing-queue'

/** OWASP's scrypt parameters; the cost drops to 2^10 only under the test runner. */
export const PRODUCTION_COST = 2 ** 17
export const TEST_COST = 2 ** 10
const BLOCK_SIZE = 8
const PARALLELIZATION = 1
const KEY_LENGTH = 32
/**
 * Hashes running at once for anyone (each takes 128 MiB and a core at production cost); one more
 * runs for known browsers only.
 */
export const MAX_CONCURRENT_HASHES = 2
/**
 * How many hashes may wait, by lane (server/services/hashing-queue.ts). At production cost (about
 * half a second on one core) a trusted login waits for at most the hashes running and the few
 * trusted ones before it; a stranger waits for its address's turn among the addresses waiting
 * (one, as a new address is served first; 64 addresses at most).
 * Beyond, the request is refused at once with 503 instead of making everyone wait behind a burst.
 */
export const HASHING_QUEUE_LIMITS: HashingQueueLimits = {
  slots: MAX_CONCURRENT_HASHES,
  trustedSlots: 1,
  trustedWaiting: 8,
  perAddressWaiting: 1,
  strangersWaiting: 64,
}
/** Seconds a caller refused for load is told to wait (Retry-After). */
const BUSY_RETRY_AFTER_SECONDS = 5

/** Work of this machine's own (the operator's commands, the seed): a stranger of its own. */
export const LOCAL_LANE: HashLane = { trusted: false, address: 'local' }

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

/**
 * The server is at capacity: 503 'El servidor está ocupado…' with Retry-After. Its instant is the
 * real clock's: the hashing queue is about this process, now.
 */
export const serverBusy = () =>
  retryLater(503, apiMessages.busy, BUSY_RETRY_AFTER_SECONDS, new Date())

const queue = createHashingQueue(HASHING_QUEUE_LIMITS)

async function limitHashes<T>(lane: HashLane, task: () => Promise<T>): Promise<T> {
  try {
    return await queue.run(lane, task)
  } catch (error) {
    throw error instanceof HashingQueueFull ? serverBusy() : error
  }
}

function options(cost: number): ScryptOptions {
  // scrypt needs 128 * N * r bytes; leave room above that for Node's own bookkeeping.
  return { N: cost, r: BLOCK_SIZE, p: PARALLELIZATION, maxmem: 256 * cost * BLOCK_SIZE }
}

/**
 * Hashes a password as `scrypt$N$r$p$salt$key` (salt and key base64url), waiting in `lane` for a
 * hashing slot.
 */
export function hashPassword(
  password: string,
  { lane = LOCAL_LANE, cost = isTestRuntime ? TEST_COST : PRODUCTION_COST } = {},
) {
  return limitHashes(lane, async () => {
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
export function verifyPassword(
  password: string,
  stored: string,
  lane: HashLane = LOCAL_LANE,
): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return Promise.resolve(false)
  const cost = Number(n)
  const expected = Buffer.from(key, 'base64url')
  return limitHashes(lane, async () => {
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
export async function verifyAgainstDummy(password: string, lane: HashLane): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'), { lane }).catch(
    (error: unknown) => {
      // Refused under load: the next unknown-email login makes it again.
      dummyHash = null
      throw error
    },
  )
  await verifyPassword(password, await dummyHash, lane)
  return false
}

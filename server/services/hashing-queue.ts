/**
 * Who a password hash is for, which decides where it waits for one of the hashing slots:
 * - trusted: a login from a browser with a valid device cookie for that account (a player who
 *   logged in there before). Its lane is served first, so no flood of strangers can fill it;
 * - a stranger (logins without a device cookie, signups) waits by the address it came from:
 *   addresses take turns, so one address cannot hold more than its share of the slots. A trusted
 *   hash that finds its lane full waits as a stranger of its address.
 */
export type HashLane = { trusted: boolean; address: string }

export type HashingQueueLimits = {
  /** Hashes running at once for anyone. */
  slots: number
  /** Hashes running at once besides, for trusted logins only: what no flood can take. */
  trustedSlots: number
  /** Trusted hashes allowed to wait; beyond, they wait with the strangers of their address. */
  trustedWaiting: number
  /** Hashes one address may have waiting. */
  perAddressWaiting: number
  /** Strangers' hashes allowed to wait in all. */
  strangersWaiting: number
}

/** Refused because the lane is full: the caller answers 503 with Retry-After. */
export class HashingQueueFull extends Error {
  override name = 'HashingQueueFull'
}

/** Which slots a hash runs in: anyone's, or the trusted logins' own. */
type Pool = 'anyone' | 'trusted'
type Waiter = (pool: Pool) => void

/** How many addresses the queue remembers the last turn of, beyond those waiting now. */
const REMEMBERED_ADDRESSES = 4096

/**
 * The queue in front of the password hashes. At most `slots` run for anyone, and `trustedSlots`
 * more for trusted logins only. A finished hash hands its slot to the oldest trusted waiter, else
 * (a slot of anyone's) to the waiting address whose last turn is the oldest (one never served
 * first), else frees it: so a known browser waits for no stranger, a new address is served at the
 * next free slot however many addresses flood, and one address gets no more turns than any other
 * that waits. One bound on the trusted: a slot of anyone's that went to a trusted waiter goes to
 * a stranger next time if one waits, so a stream of known browsers (or of stolen device cookies)
 * takes at most half of anyone's slots and strangers are never starved (under load, a known
 * browser's ten logins held the slots while a new browser waited 85 s). A request that finds its
 * lane full is refused at once (HashingQueueFull) rather than made to wait behind a flood.
 */
export function createHashingQueue(limits: HashingQueueLimits) {
  let running = 0
  let trustedRunning = 0
  const trusted: Waiter[] = []
  /** Waiters by address, in arrival order. */
  const strangers = new Map<string, Waiter[]>()
  let strangersWaiting = 0
  /** The turn each address was last served at. */
  const lastTurn = new Map<string, number>()
  let turn = 0
  /** Whether the last slot of anyone's handed to a waiter went to a trusted one. */
  let anyoneWentTrusted = false

  function nextStranger(): Waiter | undefined {
    let chosen: string | undefined
    for (const address of strangers.keys()) {
      const last = lastTurn.get(address) ?? -1
      if (chosen === undefined || last < (lastTurn.get(chosen) ?? -1)) chosen = address
    }
    if (chosen === undefined) return undefined
    const waiters = strangers.get(chosen) ?? []
    const waiter = waiters.shift()
    if (waiters.length === 0) strangers.delete(chosen)
    strangersWaiting -= 1
    served(chosen)
    return waiter
  }

  /** Who a freed slot of anyone's goes to: trusted first, not twice running while strangers wait. */
  function nextForAnyone(): Waiter | undefined {
    if (trusted.length > 0 && !(anyoneWentTrusted && strangersWaiting > 0)) {
      anyoneWentTrusted = true
      return trusted.shift()
    }
    anyoneWentTrusted = false
    return nextStranger()
  }

  function enqueue(lane: HashLane): Promise<Pool> {
    return new Promise<Pool>((resolve, reject) => {
      if (lane.trusted && trusted.length < limits.trustedWaiting) {
        trusted.push(resolve)
        return
      }
      const waiters = strangers.get(lane.address) ?? []
      if (
        waiters.length >= limits.perAddressWaiting ||
        strangersWaiting >= limits.strangersWaiting
      ) {
        reject(new HashingQueueFull())
        return
      }
      waiters.push(resolve)
      strangers.set(lane.address, waiters)
      strangersWaiting += 1
    })
  }

  /** The stranger's address had its turn now. */
  function served(address: string): void {
    lastTurn.delete(address)
    lastTurn.set(address, (turn += 1))
    if (lastTurn.size > REMEMBERED_ADDRESSES) {
      // Forget the longest-served addresses that are not waiting (Map order is turn order).
      for (const remembered of lastTurn.keys()) {
        if (lastTurn.size <= REMEMBERED_ADDRESSES / 2) break
        if (!strangers.has(remembered)) lastTurn.delete(remembered)
      }
    }
  }

  /** Takes a free slot for `lane` at once, or answers which pool to wait for. */
  function takeFree(lane: HashLane): 'anyone' | 'trusted' | null {
    if (running < limits.slots) {
      running += 1
      if (!lane.trusted) served(lane.address)
      return 'anyone'
    }
    if (lane.trusted && trustedRunning < limits.trustedSlots) {
      trustedRunning += 1
      return 'trusted'
    }
    return null
  }

  return {
    /** Runs `task` once a slot is free for its lane; rejects with HashingQueueFull when full. */
    async run<T>(lane: HashLane, task: () => Promise<T>): Promise<T> {
      const pool = takeFree(lane) ?? (await enqueue(lane))
      try {
        return await task()
      } finally {
        // The slot passes straight to the next waiter, so a pool's count only drops when nobody
        // waits for it; the trusted slot serves trusted waiters only.
        const waiter = pool === 'anyone' ? nextForAnyone() : trusted.shift()
        if (waiter) waiter(pool)
        else if (pool === 'anyone') running -= 1
        else trustedRunning -= 1
      }
    },
  }
}

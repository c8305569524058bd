import { describe, expect, it } from 'vitest'
import { backoffMs, liveMachine, type StreamFailure } from '../../machines/live/live.machine'
import { liveEntry } from '../../machines/live/live.samples'
import { selectIsLive, selectIsOffline } from '../../machines/live/live.selectors'
import { describeMachinePaths } from './support/describe-machine'
import { MachineHarness } from './support/replay'

const balances = { terycarbons: 1, gems: 2, voltaCharge: 3, terydollars: 4 }
const refused = { network: false, retryAfterMs: null, jitter: 0 }
const unreachable = { network: true, retryAfterMs: null, jitter: 0 }

function signedIn() {
  const harness = new MachineHarness(liveMachine)
  harness.send({ type: 'live.start' })
  return harness
}

describe('live machine', () => {
  it('opens the stream for a signed-in player and passes on what arrives, as the machines’ own events', () => {
    const harness = signedIn()
    expect(harness.inputs.get('connect')).toEqual({ cursor: null })
    harness.send({ type: 'stream.opened', cursor: '7', balances })
    harness.send({
      type: 'stream.received',
      cursor: '8',
      event: { type: 'offer.closed', data: { offerId: 3, state: 'sold' } },
    })
    expect(harness.emitted).toEqual([
      { type: 'live.received', event: { type: 'balances.changed', data: { balances } } },
      {
        type: 'live.received',
        event: { type: 'offer.closed', data: { offerId: 3, state: 'sold' } },
      },
    ])
    expect(selectIsLive(harness.snapshot)).toBe(true)
  })

  it('comes back from where it was: the last id it had is the next Last-Event-ID', () => {
    const harness = signedIn()
    harness.send({ type: 'stream.opened', cursor: '7', balances })
    harness.send({
      type: 'stream.received',
      cursor: '12',
      event: { type: 'board.changed', data: {} },
    })
    harness.send({ type: 'stream.failed', failure: refused })
    harness.advance(500)
    expect(harness.inputs.get('connect')).toEqual({ cursor: '12' })
  })

  it('waits longer after each failure, spread by the jitter, and never less than the server asked', () => {
    expect(
      [1, 2, 3, 4, 5, 6, 7, 8].map((attempt) => backoffMs({ attempt, lastFailure: refused })),
    ).toEqual([500, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000])
    expect(backoffMs({ attempt: 1, lastFailure: { ...refused, jitter: 0.999 } })).toBe(1_000)
    expect(backoffMs({ attempt: 1, lastFailure: { ...refused, retryAfterMs: 30_000 } })).toBe(
      30_000,
    )

    const harness = signedIn()
    harness.send({ type: 'stream.failed', failure: { ...refused, jitter: 0.5 } })
    expect(harness.snapshot.matches({ active: 'backingOff' })).toBe(true)
    harness.advance(749)
    expect(harness.snapshot.matches({ active: 'backingOff' })).toBe(true)
    harness.advance(1)
    expect(harness.snapshot.matches({ active: { streaming: 'connecting' } })).toBe(true)
  })

  it('says it is offline until the stream opens again, and tries again by itself', () => {
    const harness = signedIn()
    harness.send({ type: 'stream.opened', cursor: '1', balances })
    harness.send({ type: 'network.lost' })
    expect(selectIsOffline(harness.snapshot)).toBe(true)
    harness.advance(500)
    // Trying again: still offline for the player until the server answers.
    expect(harness.snapshot.matches({ active: { streaming: 'reconnecting' } })).toBe(true)
    expect(selectIsOffline(harness.snapshot)).toBe(true)
    harness.send({ type: 'stream.failed', failure: unreachable })
    expect(selectIsOffline(harness.snapshot)).toBe(true)
    harness.send({ type: 'network.online' })
    harness.send({ type: 'stream.opened', cursor: '1', balances })
    expect(selectIsOffline(harness.snapshot)).toBe(false)
    expect(selectIsLive(harness.snapshot)).toBe(true)
  })

  it('ends the session when the server ends the stream with it, and forgets its place on logout', () => {
    const harness = signedIn()
    harness.send({ type: 'stream.opened', cursor: '5', balances })
    harness.send({ type: 'stream.ended' })
    expect(harness.emitted.at(-1)).toEqual({ type: 'session.ended' })
    expect(harness.snapshot.matches('closed')).toBe(true)
    harness.send({ type: 'live.start' })
    expect(harness.inputs.get('connect')).toEqual({ cursor: null })
    harness.send({ type: 'live.stop' })
    expect(harness.snapshot.matches('closed')).toBe(true)
    expect(harness.snapshot.context.cursor).toBeNull()
  })
})

/*
 * The waits below are the decision's schedule worked out by hand, not read from the machine: the
 * n-th failure in a row waits 1 s x 2^(n-1), at most 30 s, spread over its upper half by the
 * failure's jitter (half of it with none), and never less than a refusal's Retry-After.
 */
describe('live machine: backing off and coming back', () => {
  type Harness = MachineHarness<typeof liveMachine>

  /** The next try starts exactly `ms` after now, not a millisecond before: what it asks for. */
  function nextTryAfter(harness: Harness, ms: number): unknown {
    harness.observe()
    harness.advance(ms - 1)
    expect(harness.observe().invoked, `nothing tried before ${ms} ms`).toBeUndefined()
    harness.advance(1)
    return harness.observe().invoked
  }

  function refusedWith(fields: Partial<StreamFailure>) {
    return { type: 'stream.failed' as const, failure: { ...refused, ...fields } }
  }

  it('waits 0.5, 1, 2, 4 and 8 s after refusals in a row, then never more than 15 s without jitter', () => {
    const harness = signedIn()
    for (const ms of [500, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000]) {
      harness.send(refusedWith({}))
      expect(selectIsLive(harness.snapshot)).toBe(false)
      expect(selectIsOffline(harness.snapshot)).toBe(false)
      expect(nextTryAfter(harness, ms)).toEqual({ connect: { cursor: null } })
    }
    expect(harness.snapshot.context.attempt).toBe(7)
  })

  it('spreads each wait over its upper half by the jitter, up to 30 s', () => {
    const harness = signedIn()
    const waits: Array<[jitter: number, ms: number]> = [
      [0.5, 750], // 1 s x (0.5 + 0.25)
      [0.25, 1_250], // 2 s x 0.625
      [0.75, 3_500], // 4 s x 0.875
      [0, 4_000],
      [0.5, 12_000], // 16 s x 0.75
      [0.9, 28_500], // 30 s (the cap) x 0.95
    ]
    for (const [jitter, ms] of waits) {
      harness.send(refusedWith({ jitter }))
      expect(nextTryAfter(harness, ms)).toEqual({ connect: { cursor: null } })
    }
  })

  it('waits what a refusal asked for when that is longer, and keeps counting failures', () => {
    const harness = signedIn()
    harness.send(refusedWith({ retryAfterMs: 30_000 }))
    expect(harness.snapshot.context).toEqual({
      cursor: null,
      attempt: 1,
      lastFailure: { network: false, retryAfterMs: 30_000, jitter: 0 },
    })
    expect(nextTryAfter(harness, 30_000)).toEqual({ connect: { cursor: null } })
    // A Retry-After shorter than the backoff changes nothing: the second failure waits 1 s.
    harness.send(refusedWith({ retryAfterMs: 100 }))
    expect(nextTryAfter(harness, 1_000)).toEqual({ connect: { cursor: null } })
  })

  it('starts counting again once the stream opens: the next failure waits 0.5 s, whatever came before', () => {
    const harness = signedIn()
    for (const ms of [500, 1_000, 2_000]) {
      harness.send(refusedWith({}))
      nextTryAfter(harness, ms)
    }
    harness.send(refusedWith({ retryAfterMs: 30_000 }))
    nextTryAfter(harness, 30_000)
    harness.send({ type: 'stream.opened', cursor: '7', balances })
    expect(harness.snapshot.context).toEqual({ cursor: '7', attempt: 0, lastFailure: null })

    // A call that got no answer: the banner, and a try 0.5 s later, not the 30 s the last
    // refusal asked for nor the 4 s of a fifth failure.
    harness.send({ type: 'network.lost' })
    expect(selectIsOffline(harness.snapshot)).toBe(true)
    expect(nextTryAfter(harness, 500)).toEqual({ connect: { cursor: '7' } })
    harness.send({ type: 'stream.opened', cursor: '8', balances })
    harness.send(refusedWith({}))
    expect(nextTryAfter(harness, 500)).toEqual({ connect: { cursor: '8' } })
  })

  it('keeps the banner while the server stays out of reach, trying again later each time, and at once when the browser is back online', () => {
    const harness = signedIn()
    harness.send({ type: 'stream.opened', cursor: '3', balances })
    harness.send({ type: 'network.offline' })
    const banner: boolean[] = [selectIsOffline(harness.snapshot)]
    for (const ms of [500, 500, 1_000, 2_000]) {
      expect(nextTryAfter(harness, ms)).toEqual({ connect: { cursor: '3' } })
      banner.push(selectIsOffline(harness.snapshot))
      harness.send({ type: 'stream.failed', failure: unreachable })
      banner.push(selectIsOffline(harness.snapshot))
    }
    expect(banner).toEqual(Array.from({ length: 9 }, () => true))
    expect(harness.snapshot.context.attempt).toBe(4)

    harness.observe()
    harness.send({ type: 'network.online' })
    expect(harness.observe().invoked).toEqual({ connect: { cursor: '3' } })
    // Still the banner until the server answers.
    expect(selectIsOffline(harness.snapshot)).toBe(true)
    harness.send({ type: 'stream.opened', cursor: '9', balances })
    expect(selectIsOffline(harness.snapshot)).toBe(false)
    expect(harness.emitted.at(-1)).toEqual({
      type: 'live.received',
      event: { type: 'balances.changed', data: { balances } },
    })
  })

  it('tells the pages to load again when what was missed cannot be sent, and goes on from there', () => {
    const harness = signedIn()
    harness.send({ type: 'stream.opened', cursor: '2', balances })
    harness.send({ type: 'stream.reload', cursor: '90' })
    expect(harness.emitted.at(-1)).toEqual({
      type: 'live.received',
      event: { type: 'live.reload', data: {} },
    })
    harness.send(refusedWith({}))
    expect(nextTryAfter(harness, 500)).toEqual({ connect: { cursor: '90' } })
  })

  it('stops trying on logout and forgets what it counted: the next player starts afresh', () => {
    const harness = signedIn()
    harness.send({ type: 'stream.opened', cursor: '5', balances })
    harness.send(refusedWith({}))
    nextTryAfter(harness, 500)
    harness.send(refusedWith({ retryAfterMs: 30_000 }))
    harness.send({ type: 'live.stop' })
    harness.observe()
    harness.advance(120_000)
    expect(harness.observe()).toEqual({ state: 'closed' })
    expect(harness.snapshot.context).toEqual({ cursor: null, attempt: 0, lastFailure: null })

    harness.send({ type: 'live.start' })
    expect(harness.observe().invoked).toEqual({ connect: { cursor: null } })
    harness.send({ type: 'network.offline' })
    expect(nextTryAfter(harness, 500)).toEqual({ connect: { cursor: null } })
  })

  it('gives up when the server ends the stream with the session, even while backing off', () => {
    const harness = signedIn()
    harness.send(refusedWith({}))
    harness.send({ type: 'stream.ended' })
    expect(harness.emitted).toEqual([{ type: 'session.ended' }])
    harness.observe()
    harness.advance(120_000)
    expect(harness.observe()).toEqual({ state: 'closed' })
  })
})

describeMachinePaths(
  liveEntry,
  { offline: selectIsOffline, live: selectIsLive },
  {
    closed: { offline: false, live: false },
    'active.streaming.connecting': { offline: false, live: false },
    'active.streaming.reconnecting': { offline: true, live: false },
    'active.streaming.open': { offline: false, live: true },
    'active.backingOff': { offline: false, live: false },
    'active.offline': { offline: true, live: false },
  },
)

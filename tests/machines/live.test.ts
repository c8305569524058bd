import { describe, expect, it } from 'vitest'
import { backoffMs, liveMachine } from '../../machines/live/live.machine'
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
    harness.advance(backoffMs({ attempt: 1, lastFailure: refused }))
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
    harness.advance(backoffMs({ attempt: 0, lastFailure: null }))
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

import { describe, expect, it } from 'vitest'
import { tickerMachine } from '../../machines/ticker/ticker.machine'
import { tickerEntry } from '../../machines/ticker/ticker.samples'
import { selectNow } from '../../machines/ticker/ticker.selectors'
import { describeMachinePaths } from './support/describe-machine'
import { MachineHarness } from './support/replay'

const monday = Date.parse('2026-11-23T14:00:00Z')

describe('ticker machine', () => {
  it('reads the clock at once, then once a second', async () => {
    const harness = new MachineHarness(tickerMachine)
    expect(selectNow(harness.snapshot)).toBeNull()
    await harness.resolve('readClock', monday)
    expect(selectNow(harness.snapshot)).toBe(monday)
    harness.advance(999)
    expect(harness.isWaiting('readClock')).toBe(false)
    harness.advance(1)
    await harness.resolve('readClock', monday + 1000)
    expect(selectNow(harness.snapshot)).toBe(monday + 1000)
  })

  it('keeps the last time when the clock cannot be read', async () => {
    const harness = new MachineHarness(tickerMachine)
    await harness.resolve('readClock', monday)
    harness.advance(1000)
    await harness.reject('readClock', new Error('no clock'))
    expect(selectNow(harness.snapshot)).toBe(monday)
    harness.advance(1000)
    expect(harness.isWaiting('readClock')).toBe(true)
  })
})

describeMachinePaths(
  tickerEntry,
  { now: selectNow },
  {
    reading: {},
    waiting: { now: expect.toBeOneOf([null, monday]) },
  },
)

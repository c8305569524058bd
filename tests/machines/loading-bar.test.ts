import { describe, expect, it } from 'vitest'
import { loadingBarMachine } from '../../machines/loading-bar/loading-bar.machine'
import {
  selectIsLoadingBarFull,
  selectIsLoadingBarVisible,
} from '../../machines/loading-bar/loading-bar.selectors'
import { MachineHarness } from './support/replay'
import { loadingBarEntry } from '../../machines/loading-bar/loading-bar.samples'
import { describeMachinePaths } from './support/describe-machine'

describe('loading bar machine', () => {
  it('shows the bar only once a call has lasted 200 ms', () => {
    const harness = new MachineHarness(loadingBarMachine)
    harness.send({ type: 'request.start' })
    harness.advance(199)
    expect(selectIsLoadingBarVisible(harness.snapshot)).toBe(false)
    harness.advance(1)
    expect(selectIsLoadingBarVisible(harness.snapshot)).toBe(true)
  })

  it('never shows the bar for a call quicker than 200 ms', () => {
    const harness = new MachineHarness(loadingBarMachine)
    harness.send({ type: 'request.start' })
    harness.advance(150)
    harness.send({ type: 'request.end' })
    harness.advance(1000)
    expect(selectIsLoadingBarVisible(harness.snapshot)).toBe(false)
  })

  it('stays while any of several calls is running', () => {
    const harness = new MachineHarness(loadingBarMachine)
    harness.send({ type: 'request.start' })
    harness.send({ type: 'request.start' })
    harness.advance(200)
    harness.send({ type: 'request.end' })
    expect(selectIsLoadingBarVisible(harness.snapshot)).toBe(true)
    harness.send({ type: 'request.end' })
    expect(selectIsLoadingBarVisible(harness.snapshot)).toBe(false)
  })

  it('is full after its 5000 ms run while the call goes on', () => {
    const harness = new MachineHarness(loadingBarMachine)
    harness.send({ type: 'request.start' })
    harness.advance(200)
    harness.advance(4999)
    expect(selectIsLoadingBarFull(harness.snapshot)).toBe(false)
    harness.advance(1)
    expect(selectIsLoadingBarFull(harness.snapshot)).toBe(true)
    expect(selectIsLoadingBarVisible(harness.snapshot)).toBe(true)
  })
})

describeMachinePaths(
  loadingBarEntry,
  { visible: selectIsLoadingBarVisible, full: selectIsLoadingBarFull },
  {
    idle: { visible: false, full: false },
    'busy.waiting': { visible: false, full: false },
    'busy.running': { visible: true, full: false },
    'busy.stalled': { visible: true, full: true },
  },
)

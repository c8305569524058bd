import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import type { StationState } from '../../contract/mining'
import { stationMachine } from '../../machines/station/station.machine'
import { sampleMineAfterFueling, stationEntry } from '../../machines/station/station.samples'
import {
  selectCanActivate,
  selectSecondsLeft,
  selectStation,
  selectStationError,
  selectStationStatus,
} from '../../machines/station/station.selectors'
import { describeMachinePaths, someText } from './support/describe-machine'
import { MachineHarness } from './support/replay'

/** Lets whole seconds pass, one timer at a time, as a running clock would. */
function seconds(harness: { advance: (ms: number) => void }, count: number) {
  for (let i = 0; i < count; i += 1) harness.advance(1000)
}

const banco: StationState = {
  number: 9,
  name: 'Banco',
  share: 35,
  fuelCost: 175,
  on: true,
  secondsLeft: 3,
}

describe('station machine', () => {
  it('starts as the server says: on, with its time left, or off', () => {
    expect(createActor(stationMachine, { input: { station: banco } }).getSnapshot().value).toBe(
      'on',
    )
    expect(
      createActor(stationMachine, {
        input: { station: { ...banco, on: false, secondsLeft: 0 } },
      }).getSnapshot().value,
    ).toBe('off')
  })

  it('counts its run down a second at a time and turns off by itself at the end', () => {
    const harness = new MachineHarness(stationMachine)
    harness.send({ type: 'station.sync', station: banco })
    expect(selectSecondsLeft(harness.snapshot)).toBe(3)
    seconds(harness, 1)
    expect(selectSecondsLeft(harness.snapshot)).toBe(2)
    seconds(harness, 2)
    expect(selectStationStatus(harness.snapshot)).toBe('off')
    expect(selectSecondsLeft(harness.snapshot)).toBe(0)
    expect(harness.emitted).toEqual([{ type: 'station.stopped', station: 9 }])
  })

  it('pays the fuel, runs, and tells the page and the layout', async () => {
    const harness = new MachineHarness(stationMachine)
    harness.send({ type: 'station.activate' })
    expect(selectStationStatus(harness.snapshot)).toBe('activating')
    expect(harness.inputs.get('activateStation')).toEqual({ station: 1 })
    await harness.resolve('activateStation', sampleMineAfterFueling)
    expect(selectStation(harness.snapshot)).toMatchObject({ on: true, secondsLeft: 2 })
    expect(harness.emitted).toEqual([
      { type: 'balances.changed', balances: sampleMineAfterFueling.balances },
      { type: 'station.activated', mine: sampleMineAfterFueling },
    ])
    expect(selectCanActivate(harness.snapshot)).toBe(false)
  })

  it('shows why fueling was refused, and lets the player try again or close it', async () => {
    const harness = new MachineHarness(stationMachine)
    harness.send({ type: 'station.activate' })
    await harness.reject('activateStation', {
      status: 409,
      message: 'No tienes suficientes terycarbonos',
      network: false,
    })
    expect(selectStationError(harness.snapshot)).toBe('No tienes suficientes terycarbonos')
    expect(selectCanActivate(harness.snapshot)).toBe(true)
    harness.send({ type: 'station.dismiss' })
    expect(selectStationStatus(harness.snapshot)).toBe('off')
    expect(selectStationError(harness.snapshot)).toBeNull()
  })
})

describeMachinePaths(
  stationEntry,
  {
    status: selectStationStatus,
    secondsLeft: selectSecondsLeft,
    canActivate: selectCanActivate,
    error: selectStationError,
  },
  {
    off: { status: 'off', secondsLeft: 0, canActivate: true, error: null },
    activating: { status: 'activating', canActivate: false, error: null },
    on: { status: 'on', secondsLeft: expect.any(Number), canActivate: false, error: null },
    failed: { status: 'failed', canActivate: true, error: someText },
  },
)

import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import type { StationState } from '../../contract/mining'
import { stationMachine } from '../../machines/station/station.machine'
import { sampleMineAfterFueling, stationEntry } from '../../machines/station/station.samples'
import {
  selectCanActivate,
  selectRunEndsAt,
  selectStation,
  selectStationError,
  selectStationStatus,
} from '../../machines/station/station.selectors'
import { describeMachinePaths, someText } from './support/describe-machine'
import { MachineHarness } from './support/replay'

const banco: StationState = {
  number: 9,
  name: 'Banco',
  share: 35,
  fuelCost: 175,
  on: true,
  secondsLeft: 3,
  endsAt: '2026-11-20T15:00:03.000Z',
}

describe('station machine', () => {
  it('starts as the server says: on, with its time left, or off', () => {
    expect(createActor(stationMachine, { input: { station: banco } }).getSnapshot().value).toBe(
      'on',
    )
    expect(
      createActor(stationMachine, {
        input: { station: { ...banco, on: false, secondsLeft: 0, endsAt: null } },
      }).getSnapshot().value,
    ).toBe('off')
  })

  it('runs until the end the server gave, then turns off by itself', () => {
    const harness = new MachineHarness(stationMachine)
    harness.send({ type: 'station.sync', station: banco })
    expect(selectRunEndsAt(harness.snapshot)).toBe('2026-11-20T15:00:03.000Z')
    harness.advance(2999)
    expect(selectStationStatus(harness.snapshot)).toBe('on')
    expect(harness.emitted).toEqual([])
    harness.advance(1)
    expect(selectStationStatus(harness.snapshot)).toBe('off')
    expect(selectRunEndsAt(harness.snapshot)).toBeNull()
    expect(harness.emitted).toEqual([{ type: 'station.stopped', station: 9 }])
  })

  it('takes the time left of a later answer: the run ends when the server says', () => {
    const harness = new MachineHarness(stationMachine)
    harness.send({ type: 'station.sync', station: banco })
    harness.advance(2000)
    harness.send({
      type: 'station.sync',
      station: { ...banco, secondsLeft: 5, endsAt: '2026-11-20T15:00:07.000Z' },
    })
    harness.advance(4999)
    expect(selectStationStatus(harness.snapshot)).toBe('on')
    expect(selectRunEndsAt(harness.snapshot)).toBe('2026-11-20T15:00:07.000Z')
    harness.advance(1)
    expect(selectStationStatus(harness.snapshot)).toBe('off')
  })

  it('pays the fuel, runs, and tells the page and the layout', async () => {
    const harness = new MachineHarness(stationMachine)
    harness.send({ type: 'station.activate' })
    expect(selectStationStatus(harness.snapshot)).toBe('activating')
    expect(harness.inputs.get('activateStation')).toEqual({ station: 1 })
    await harness.resolve('activateStation', sampleMineAfterFueling)
    expect(selectStation(harness.snapshot)).toMatchObject({ on: true, secondsLeft: 2 })
    expect(selectRunEndsAt(harness.snapshot)).toBe('2026-11-20T15:00:02.000Z')
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
    runEndsAt: selectRunEndsAt,
    canActivate: selectCanActivate,
    error: selectStationError,
  },
  {
    off: { status: 'off', runEndsAt: null, canActivate: true, error: null },
    activating: { status: 'activating', canActivate: false, error: null },
    on: { status: 'on', runEndsAt: someText, canActivate: false, error: null },
    failed: { status: 'failed', canActivate: true, error: someText },
  },
)

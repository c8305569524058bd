import type { MineState, StationState } from '../../contract/mining'
import { defineMachineEntry } from '../shared/machine-entry'
import { sampleFailures } from '../shared/sample-failures'
import { stationMachine } from './station.machine'
import * as selectors from './station.selectors'

const mina: StationState = {
  number: 1,
  name: 'Mina',
  share: 3,
  fuelCost: 15,
  on: false,
  secondsLeft: 0,
  endsAt: null,
}

/** The mine after the Mina was fueled: its run has two seconds left, so it ends. */
export const sampleMineAfterFueling: MineState = {
  mode: 'terycarbons',
  modes: [
    { mode: 'terycarbons', unlocked: true, price: 0 },
    { mode: 'gems', unlocked: false, price: 1000 },
  ],
  stations: [{ ...mina, on: true, secondsLeft: 2, endsAt: '2026-11-20T15:00:02.000Z' }],
  backpack: {
    currency: 'terycarbons',
    amount: 0,
    capacity: 300,
    perSecond: 0.000208,
    at: '2026-11-20T15:00:00.000Z',
  },
  bonus: { amount: 0, days: 0 },
  balances: { terycarbons: 2485, gems: 340, voltaCharge: 120, terydollars: 25 },
}

export const stationEntry = defineMachineEntry(stationMachine, {
  selectors,
  events: {
    'station.sync': [
      {
        type: 'station.sync',
        station: { ...mina, on: true, secondsLeft: 2, endsAt: '2026-11-20T15:00:02.000Z' },
      },
      { type: 'station.sync', station: mina },
    ],
    'station.activate': [{ type: 'station.activate' }],
    'station.dismiss': [{ type: 'station.dismiss' }],
  },
  outcomes: {
    activateStation: {
      done: [sampleMineAfterFueling],
      error: [
        { status: 409, message: 'No tienes suficientes terycarbonos', network: false },
        sampleFailures.noAnswer,
      ],
    },
  },
})

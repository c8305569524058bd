import type { MineState } from '../../contract/mining'
import { defineMachineEntry } from '../shared/machine-entry'
import { sampleFailures } from '../shared/sample-failures'
import { miningModeMachine } from './mining-mode.machine'
import * as selectors from './mining-mode.selectors'

const base: MineState = {
  mode: 'terycarbons',
  modes: [
    { mode: 'terycarbons', unlocked: true, price: 0 },
    { mode: 'gems', unlocked: false, price: 1000 },
  ],
  stations: [],
  backpack: {
    currency: 'terycarbons',
    amount: 47,
    capacity: 300,
    perSecond: 0.0026,
    at: '2026-11-20T15:00:00.000Z',
  },
  bonus: { amount: 0, days: 0 },
  balances: { terycarbons: 2500, gems: 340, voltaCharge: 120, terydollars: 25 },
}

/** Locked, with terycarbons enough to unlock. */
export const sampleLockedMine = base
/** Locked, 900 terycarbons short of the price. */
export const sampleShortMine: MineState = {
  ...base,
  balances: { ...base.balances, terycarbons: 100 },
}
const unlockedModes = base.modes.map((option) => ({ ...option, unlocked: true }))
/** Unlocked, producing terycarbons. */
export const sampleUnlockedMine: MineState = { ...base, modes: unlockedModes }
/** Unlocked, producing gems. */
export const sampleGemsMine: MineState = {
  ...base,
  mode: 'gems',
  modes: unlockedModes,
  backpack: {
    currency: 'gems',
    amount: 0,
    capacity: 60,
    perSecond: 0.0005,
    at: '2026-11-20T15:00:00.000Z',
  },
  balances: { ...base.balances, terycarbons: 1547 },
}

export const miningModeEntry = defineMachineEntry(miningModeMachine, {
  selectors,
  // Drawn whole, it is wider than the docs: one diagram per stage.
  diagramParts: {
    paying: ['locked', 'short', 'confirming', 'paying'],
    unlocked: ['unlocked'],
  },
  events: {
    'mode.retry': [{ type: 'mode.retry' }],
    'mode.select': [
      { type: 'mode.select', mode: 'gems' },
      { type: 'mode.select', mode: 'terycarbons' },
    ],
    'unlock.request': [{ type: 'unlock.request' }],
    'unlock.confirm': [{ type: 'unlock.confirm' }],
    'unlock.cancel': [{ type: 'unlock.cancel' }],
    'short.dismiss': [{ type: 'short.dismiss' }],
  },
  outcomes: {
    loadMine: {
      done: [sampleLockedMine, sampleShortMine, sampleUnlockedMine, sampleGemsMine],
      error: [sampleFailures.noAnswer],
    },
    changeMode: {
      done: [
        { mine: sampleGemsMine, paid: 1000, collected: { amount: 47, currency: 'terycarbons' } },
        { mine: sampleUnlockedMine, paid: 0, collected: null },
      ],
      error: [
        { status: 409, message: 'No tienes suficientes terycarbonos', network: false },
        sampleFailures.serverError,
      ],
    },
  },
})

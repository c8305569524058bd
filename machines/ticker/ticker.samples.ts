import { defineMachineEntry } from '../shared/machine-entry'
import { tickerMachine } from './ticker.machine'
import * as selectors from './ticker.selectors'

export const tickerEntry = defineMachineEntry(tickerMachine, {
  selectors,
  events: {},
  outcomes: {
    readClock: {
      done: [Date.parse('2026-11-23T14:00:00Z')],
      error: [new Error('no clock')],
    },
  },
})

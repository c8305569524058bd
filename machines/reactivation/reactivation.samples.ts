import { defineMachineEntry } from '../shared/machine-entry'
import { sampleFailures } from '../shared/sample-failures'
import { reactivationMachine } from './reactivation.machine'
import * as selectors from './reactivation.selectors'

export const reactivationEntry = defineMachineEntry(reactivationMachine, {
  selectors,
  events: {
    'code.change': [
      { type: 'code.change', value: 'terydemo' },
      { type: 'code.change', value: 'te' },
    ],
    'code.submit': [{ type: 'code.submit' }],
    'reactivation.later': [{ type: 'reactivation.later' }],
  },
  outcomes: {
    loadStanding: {
      done: [
        { penalized: true, hasSponsor: true },
        { penalized: false, hasSponsor: true },
      ],
      error: [sampleFailures.noAnswer],
    },
    enableCode: {
      done: [null],
      error: [{ status: 400, message: 'Ese código no reactiva tu cuenta', network: false }],
    },
  },
})

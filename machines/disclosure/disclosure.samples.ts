import { defineMachineEntry } from '../shared/machine-entry'
import { disclosureMachine } from './disclosure.machine'
import * as selectors from './disclosure.selectors'

export const disclosureEntry = defineMachineEntry(disclosureMachine, {
  selectors,
  events: {
    'disclosure.open': [
      { type: 'disclosure.open', subject: 'member-1' },
      { type: 'disclosure.open', subject: 'member-2' },
    ],
    'disclosure.toggle': [{ type: 'disclosure.toggle' }],
    'disclosure.close': [{ type: 'disclosure.close' }],
  },
  outcomes: {},
})

import { defineMachineEntry } from '../shared/machine-entry'
import { loadingBarMachine } from './loading-bar.machine'
import * as selectors from './loading-bar.selectors'

export const loadingBarEntry = defineMachineEntry(loadingBarMachine, {
  selectors,
  events: {
    'request.start': [{ type: 'request.start' }],
    'request.end': [{ type: 'request.end' }],
  },
  outcomes: {},
  isBeyondBound: (snapshot) => snapshot.context.pending > 2,
})

import { defineMachineEntry } from '../shared/machine-entry'
import { loadingBarMachine } from './loading-bar.machine'

export const loadingBarEntry = defineMachineEntry(loadingBarMachine, {
  events: {
    'request.start': [{ type: 'request.start' }],
    'request.end': [{ type: 'request.end' }],
  },
  outcomes: {},
  isBeyondBound: (snapshot) => snapshot.context.pending > 2,
})

import { defineMachineEntry } from '../shared/machine-entry'
import { toasterMachine } from './toaster.machine'
import * as selectors from './toaster.selectors'

export const toasterEntry = defineMachineEntry(toasterMachine, {
  selectors,
  events: {
    'toast.show': [{ type: 'toast.show', message: 'La sesión ha terminado' }],
    'toast.dismiss': [
      { type: 'toast.dismiss', id: 1 },
      { type: 'toast.dismiss', id: 2 },
    ],
    'toast.expire': [
      { type: 'toast.expire', id: 1 },
      { type: 'toast.expire', id: 2 },
    ],
  },
  outcomes: {},
  isBeyondBound: (snapshot) => snapshot.context.nextId > 3,
})

import { defineMachineEntry } from '../shared/machine-entry'
import { appUpdateMachine } from './app-update.machine'

export const appUpdateEntry = defineMachineEntry(appUpdateMachine, {
  events: {
    'update.found': [{ type: 'update.found' }],
    'update.accept': [{ type: 'update.accept' }],
    'update.dismiss': [{ type: 'update.dismiss' }],
  },
  outcomes: {},
})

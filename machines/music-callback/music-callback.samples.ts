import { defineMachineEntry } from '../shared/machine-entry'
import { sampleFailures } from '../shared/sample-failures'
import { musicCallbackMachine } from './music-callback.machine'
import * as selectors from './music-callback.selectors'

export const musicCallbackEntry = defineMachineEntry(musicCallbackMachine, {
  selectors,
  events: { 'link.retry': [{ type: 'link.retry' }] },
  outcomes: {
    completeLink: {
      done: [{ url: '/music' }],
      error: [
        sampleFailures.noAnswer,
        {
          status: 400,
          message: 'La vinculación venció o no es válida. Inténtalo de nuevo desde Música.',
          network: false,
        },
      ],
    },
  },
})

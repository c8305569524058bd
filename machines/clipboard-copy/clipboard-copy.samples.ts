import { defineMachineEntry } from '../shared/machine-entry'
import { clipboardCopyMachine } from './clipboard-copy.machine'
import * as selectors from './clipboard-copy.selectors'

export const clipboardCopyEntry = defineMachineEntry(clipboardCopyMachine, {
  selectors,
  events: {
    'copy.request': [{ type: 'copy.request', text: 'TERYDEMO' }],
  },
  outcomes: {
    writeClipboard: {
      done: [undefined],
      error: [{ name: 'NotAllowedError', message: 'Clipboard write was blocked' }],
    },
  },
})

import { defineMachineEntry } from '../shared/machine-entry'
import { clipboardCopyMachine } from './clipboard-copy.machine'

export const clipboardCopyEntry = defineMachineEntry(clipboardCopyMachine, {
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

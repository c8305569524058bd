import { defineMachineEntry } from '../shared/machine-entry'
import { walletMachine } from './wallet.machine'
import * as selectors from './wallet.selectors'

export const walletEntry = defineMachineEntry(walletMachine, {
  selectors,
  events: {
    'wallet.add': [{ type: 'wallet.add', method: 'btc' }],
    'wallet.save': [{ type: 'wallet.save', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }],
    'wallet.cancel': [{ type: 'wallet.cancel' }],
    'wallet.done': [{ type: 'wallet.done' }],
  },
  outcomes: {
    saveWallet: {
      done: [
        [
          {
            method: 'btc',
            address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
            updatedAt: '2026-11-23T15:00:00.000Z',
          },
        ],
      ],
      error: [
        {
          status: 400,
          message: 'Dirección de Bitcoin no válida',
          network: false,
          data: { fields: { address: 'Dirección de Bitcoin no válida' } },
        },
      ],
    },
  },
})

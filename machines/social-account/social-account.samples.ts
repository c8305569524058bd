import type { SocialAccount } from '../../contract/missions'
import { defineMachineEntry } from '../shared/machine-entry'
import { sampleFailures } from '../shared/sample-failures'
import { socialAccountMachine } from './social-account.machine'
import * as selectors from './social-account.selectors'

const pending: SocialAccount = {
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  type: 2,
  account: '@jugadordemo',
  state: 2,
  rejectionReason: null,
  createdAt: '2026-11-23T15:00:00.000Z',
}
const verified: SocialAccount = { ...pending, state: 3 }
const rejected: SocialAccount = {
  ...pending,
  state: 4,
  rejectionReason: 'El perfil no es público: no podemos ver tus acciones.',
}

export const socialAccountEntry = defineMachineEntry(socialAccountMachine, {
  selectors,
  // Drawn whole, it is wider than the docs: one diagram per stage.
  diagramParts: {
    registering: ['none', 'editing', 'registering'],
    checking: ['pendingToCheck', 'refreshing', 'verified', 'rejected'],
  },
  events: {
    'account.edit': [{ type: 'account.edit' }],
    'account.cancel': [{ type: 'account.cancel' }],
    'account.submit': [{ type: 'account.submit', account: '@jugadordemo' }],
    'account.retry': [{ type: 'account.retry' }],
  },
  outcomes: {
    loadAccount: {
      done: [null, pending, verified, rejected],
      error: [sampleFailures.noAnswer],
    },
    registerAccount: {
      done: [pending],
      error: [
        {
          status: 409,
          message: 'Esa cuenta ya está registrada por otro jugador',
          network: false,
          data: { fields: { account: 'Esa cuenta ya está registrada por otro jugador' } },
        },
      ],
    },
  },
})

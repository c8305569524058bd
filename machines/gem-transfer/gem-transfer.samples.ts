import { apiMessages, validationMessages } from '../../contract/messages'
import type { GemTransferResult } from '../../contract/market'
import { defineMachineEntry } from '../shared/machine-entry'
import { sampleFailures } from '../shared/sample-failures'
import { gemTransferMachine } from './gem-transfer.machine'
import { economyMessages } from '../../contract/economy-messages'
import * as selectors from './gem-transfer.selectors'

const recipient = { code: 'VALEN123', name: 'Valentina Gómez' }
const sent: GemTransferResult = {
  transfer: {
    id: 40,
    direction: 'sent',
    counterpart: recipient,
    amount: 120,
    state: 'sent',
    releaseAt: null,
    createdAt: '2026-11-23T15:00:00.000Z',
  },
  balances: { terycarbons: 1_000, gems: 2_980, voltaCharge: 120, terydollars: 55 },
}

export const gemTransferEntry = defineMachineEntry(gemTransferMachine, {
  selectors,
  events: {
    'transfer.review': [{ type: 'transfer.review', code: 'valen123', amount: 120 }],
    'transfer.confirm': [{ type: 'transfer.confirm' }],
    'transfer.edit': [{ type: 'transfer.edit' }],
    'transfer.new': [{ type: 'transfer.new' }],
  },
  outcomes: {
    findRecipient: {
      done: [recipient],
      error: [
        { status: 404, message: economyMessages.unknownPlayerCode, network: false },
        // The server's own check of the code: its message also stands under the field.
        {
          status: 400,
          message: validationMessages.referralCode,
          network: false,
          data: { fields: { code: validationMessages.referralCode } },
        },
      ],
    },
    sendGems: {
      done: [
        sent,
        {
          ...sent,
          transfer: {
            ...sent.transfer,
            amount: 6_000,
            state: 'pending',
            releaseAt: '2026-11-24T15:00:00.000Z',
          },
        },
      ],
      error: [
        { status: 400, message: apiMessages.notEnoughGems, network: false },
        sampleFailures.noAnswer,
        {
          status: 400,
          message: validationMessages.digits,
          network: false,
          data: { fields: { amount: validationMessages.digits } },
        },
      ],
    },
  },
})

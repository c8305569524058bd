import { amountMessages } from '../../contract/economy-messages'
import { apiMessages } from '../../contract/messages'
import type { MarketOverview } from '../../contract/market'
import { defineMachineEntry } from '../shared/machine-entry'
import { gemConversionMachine } from './gem-conversion.machine'
import * as selectors from './gem-conversion.selectors'

const market: MarketOverview = {
  symbol: 'usdt',
  gems: 3_100,
  wallet: {
    method: 'usdt',
    address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    updatedAt: '2026-11-20T10:00:00.000Z',
  },
  quote: { gems: 1_000, fee: 50, net: 950, valueCents: 950 },
  payouts: [],
}

export const gemConversionEntry = defineMachineEntry(gemConversionMachine, {
  selectors,
  events: {
    'conversion.review': [{ type: 'conversion.review', symbol: 'usdt', amount: 1_000 }],
    'conversion.claim': [{ type: 'conversion.claim' }],
    'conversion.refresh': [{ type: 'conversion.refresh' }],
    'conversion.edit': [{ type: 'conversion.edit' }],
    'conversion.new': [{ type: 'conversion.new' }],
  },
  outcomes: {
    convert: {
      done: [market, { ...market, wallet: null }],
      error: [
        {
          status: 400,
          message: 'El mínimo es 500',
          network: false,
          data: { fields: { amount: 'El mínimo es 500' } },
        },
      ],
    },
    claim: {
      done: [
        {
          payout: {
            id: 5,
            symbol: 'usdt',
            gems: 1_000,
            fee: 50,
            valueCents: 950,
            address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
            state: 'pending',
            reason: null,
            createdAt: '2026-11-23T15:00:00.000Z',
            processedAt: null,
          },
          balances: { terycarbons: 1_000, gems: 2_100, voltaCharge: 120, terydollars: 55 },
        },
      ],
      error: [
        { status: 400, message: apiMessages.notEnoughGems, network: false },
        // The claim's body is checked against the market's bounds again (they may have changed
        // since the quote): the message for the amount shows once the player edits it.
        {
          status: 400,
          message: amountMessages.max(500),
          network: false,
          data: { fields: { amount: amountMessages.max(500) } },
        },
      ],
    },
  },
})

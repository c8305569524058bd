import { apiMessages } from '../../contract/messages'
import { defineMachineEntry } from '../shared/machine-entry'
import { sampleFailures } from '../shared/sample-failures'
import { sellOfferMachine } from './sell-offer.machine'
import * as selectors from './sell-offer.selectors'

export const sellOfferEntry = defineMachineEntry(sellOfferMachine, {
  selectors,
  events: {
    'offer.review': [
      { type: 'offer.review', price: 95, amount: 20, feePercent: 3 },
      { type: 'offer.review', price: 0, amount: 20, feePercent: 3 },
    ],
    'offer.submit': [{ type: 'offer.submit' }],
    'offer.edit': [{ type: 'offer.edit' }],
    'offer.new': [{ type: 'offer.new' }],
  },
  outcomes: {
    createOffer: {
      done: [
        {
          offer: {
            id: 31,
            amount: 20,
            price: 95,
            total: 1_900,
            fee: 57,
            state: 'open',
            buyer: null,
            createdAt: '2026-11-23T15:00:00.000Z',
            closedAt: null,
          },
          balances: { terycarbons: 1_000, gems: 3_000, voltaCharge: 120, terydollars: 35 },
        },
      ],
      error: [
        { status: 400, message: apiMessages.notEnoughTerydollars, network: false },
        sampleFailures.noAnswer,
      ],
    },
  },
})

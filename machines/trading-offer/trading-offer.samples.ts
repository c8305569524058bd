import { apiMessages } from '../../contract/messages'
import type { OfferResult, PurchaseResult } from '../../contract/trading'
import { defineMachineEntry } from '../shared/machine-entry'
import { sampleFailures } from '../shared/sample-failures'
import { tradingOfferMachine, type OfferSummary } from './trading-offer.machine'
import { economyMessages } from '../../contract/economy-messages'
import * as selectors from './trading-offer.selectors'

const boardOffer: OfferSummary = {
  id: 7,
  amount: 20,
  price: 95,
  total: 1_900,
  seller: { code: 'VALEN123', name: 'Valentina Gómez' },
}
const ownOffer: OfferSummary = { id: 9, amount: 15, price: 97, total: 1_455, seller: null }
const balances = { terycarbons: 1_000, gems: 1_100, voltaCharge: 120, terydollars: 75 }

/** What the server answers a purchase of boardOffer and the cancel of ownOffer. */
const bought: PurchaseResult = {
  trade: {
    offerId: 7,
    kind: 'purchase',
    amount: 20,
    price: 95,
    total: 1_900,
    fee: 0,
    gems: 1_900,
    counterpart: { code: 'VALEN123', name: 'Valentina Gómez' },
    closedAt: '2026-11-23T15:00:00.000Z',
  },
  balances,
}
const cancelled: OfferResult = {
  offer: {
    id: 9,
    amount: 15,
    price: 97,
    total: 1_455,
    fee: 44,
    state: 'cancelled',
    buyer: null,
    createdAt: '2026-11-23T12:00:00.000Z',
    closedAt: '2026-11-23T15:00:00.000Z',
  },
  balances,
}

/** The offers and answers above, for the machine's tests. */
export const sampleTrading = { boardOffer, ownOffer, bought, cancelled }

export const tradingOfferEntry = defineMachineEntry(tradingOfferMachine, {
  selectors,
  // Drawn whole, the machine is scaled to 43% at the docs' width: buying and cancelling apart.
  diagramParts: {
    confirming: ['confirmingBuy'],
    // With bought, buying's part was 981 px wide (Mermaid 11), past the docs' 880.
    buying: ['buying'],
    bought: ['bought'],
    'buying failed': ['failed'],
    cancelling: ['confirmingCancel', 'cancelling', 'cancelled', 'cancelFailed'],
  },
  events: {
    'offer.buy': [{ type: 'offer.buy', offer: boardOffer }],
    'offer.cancel': [{ type: 'offer.cancel', offer: ownOffer }],
    'offer.confirm': [{ type: 'offer.confirm' }],
    'offer.retry': [{ type: 'offer.retry' }],
    'offer.dismiss': [{ type: 'offer.dismiss' }],
  },
  outcomes: {
    buyOffer: {
      done: [bought],
      error: [
        { status: 409, message: economyMessages.offerGone, network: false },
        { status: 400, message: apiMessages.notEnoughGems, network: false },
        { status: 400, message: economyMessages.ownOffer, network: false },
        sampleFailures.noAnswer,
      ],
    },
    cancelOffer: {
      done: [cancelled],
      error: [
        { status: 409, message: economyMessages.offerGone, network: false },
        sampleFailures.noAnswer,
      ],
    },
  },
})

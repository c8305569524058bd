import { economyMessages } from '../economy-messages'
import { apiMessages } from '../messages'
import {
  boardPage,
  offerIdBody,
  offerResult,
  ownOffersPage,
  purchaseResult,
  sellOfferBody,
  tradeHistoryPage,
  tradingQuery,
  type TradingRules,
} from '../trading'
import { defineEndpoint } from '../endpoint'

const offerNotFound = {
  status: 404,
  message: economyMessages.offerNotFound,
  when: 'No offer has this id.',
} as const

const offerGone = {
  status: 409,
  message: economyMessages.offerGone,
  when: 'The offer was sold or cancelled already (another buyer came first).',
} as const

export const listBoard = defineEndpoint({
  method: 'GET',
  path: '/api/trading',
  summary: 'Open sell offers of terydollars, newest first.',
  description:
    "`own` marks the player's own offers. `code` narrows the board to one seller's offers.",
  auth: 'session',
  query: tradingQuery,
  response: boardPage,
})

export const listOwnOffers = defineEndpoint({
  method: 'GET',
  path: '/api/trading/own',
  summary: "The player's own offers in every state (open, sold, cancelled), newest first.",
  description: '`code` narrows the list to the offers one player bought.',
  auth: 'session',
  query: tradingQuery,
  response: ownOffersPage,
})

export const listTradeHistory = defineEndpoint({
  method: 'GET',
  path: '/api/trading/history',
  summary: "The player's finished trades, both sides: sales and purchases, newest first.",
  description: '`code` narrows the history to the trades with one player.',
  auth: 'session',
  query: tradingQuery,
  response: tradeHistoryPage,
})

export const buyOffer = defineEndpoint({
  method: 'POST',
  path: '/api/trading/buy',
  summary: 'Buys a whole sell offer.',
  description:
    'In one transaction: the offer becomes sold to the player, the player pays `total` gems (the seller receives it minus the fee) and receives the terydollars from the escrow. Of any number of buyers at once, exactly one gets the offer.',
  auth: 'session',
  body: offerIdBody,
  response: purchaseResult,
  message: economyMessages.offerBought,
  errors: [
    {
      status: 400,
      message: economyMessages.ownOffer,
      when: 'The offer is the player’s own.',
    },
    {
      status: 400,
      message: apiMessages.notEnoughGems,
      when: 'The player’s gems do not cover the price; the offer stays open.',
    },
    offerNotFound,
    offerGone,
  ],
  money: [
    { currency: 'gems', direction: 'out' },
    { currency: 'terydollars', direction: 'in' },
  ],
})

export const createOffer = defineEndpoint({
  method: 'POST',
  path: '/api/trading',
  summary: 'Lists terydollars for sale at a price in gems per terydollar.',
  description:
    'The terydollars move into escrow until the offer is sold or cancelled. The fee (`rules.trading.feePercent` of the total, rounded up) is charged on the sale.',
  auth: 'session',
  body: sellOfferBody,
  response: offerResult,
  status: 201,
  message: economyMessages.offerListed,
  errors: ({ maxOpenOffers }: TradingRules) => [
    {
      status: 400,
      message: apiMessages.notEnoughTerydollars,
      when: 'The player has fewer terydollars than the offer sells.',
    },
    {
      status: 409,
      message: economyMessages.tooManyOffers,
      when: `The player has ${maxOpenOffers} open offers already.`,
    },
  ],
  money: [{ currency: 'terydollars', direction: 'out' }],
})

export const cancelOffer = defineEndpoint({
  method: 'DELETE',
  path: '/api/trading',
  summary: "Cancels one of the player's open offers; its terydollars come back.",
  description:
    'Body `{ "offerId": 12 }`. Against a buy at the same moment, exactly one of the two wins.',
  auth: 'session',
  body: offerIdBody,
  response: offerResult,
  message: economyMessages.offerCancelled,
  errors: [
    {
      status: 403,
      message: economyMessages.notYourOffer,
      when: 'The offer belongs to another player.',
    },
    offerNotFound,
    offerGone,
  ],
  money: [{ currency: 'terydollars', direction: 'in' }],
})

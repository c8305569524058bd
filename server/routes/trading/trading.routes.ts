import { Hono } from 'hono'
import { apiMessages } from '../../../contract/messages'
import {
  boardPage,
  offerIdBody,
  offerResult,
  ownOffersPage,
  purchaseResult,
  sellOfferBody,
  tradeHistoryPage,
  tradingQuery,
} from '../../../contract/trading'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import type { AppEnv } from '../../http/request-context'
import { validate } from '../../http/validate'
import { pageNumber } from '../../../contract/pagination'
import { TRADING_RULES } from '../../services/rules'
import {
  buyOffer,
  cancelOffer,
  createOffer,
  listBoard,
  listOwnOffers,
  listTradeHistory,
} from '../../services/trading'
import { economyMessages } from '../../../contract/economy-messages'

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

export function tradingRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .get(
      '/',
      endpoint({
        summary: 'Open sell offers of terydollars, newest first.',
        description:
          "`own` marks the player's own offers. `code` narrows the board to one seller's offers.",
        auth: 'session',
        response: boardPage,
      }),
      validate('query', tradingQuery),
      async (c) => {
        const { code, page } = c.req.valid('query')
        return reply(c, await listBoard(db, c.var.user.id, { code, page: pageNumber(page) }))
      },
    )
    .get(
      '/own',
      endpoint({
        summary: "The player's own offers in every state (open, sold, cancelled), newest first.",
        description: '`code` narrows the list to the offers one player bought.',
        auth: 'session',
        response: ownOffersPage,
      }),
      validate('query', tradingQuery),
      async (c) => {
        const { code, page } = c.req.valid('query')
        return reply(c, await listOwnOffers(db, c.var.user.id, { code, page: pageNumber(page) }))
      },
    )
    .get(
      '/history',
      endpoint({
        summary: "The player's finished trades, both sides: sales and purchases, newest first.",
        description: '`code` narrows the history to the trades with one player.',
        auth: 'session',
        response: tradeHistoryPage,
      }),
      validate('query', tradingQuery),
      async (c) => {
        const { code, page } = c.req.valid('query')
        return reply(c, await listTradeHistory(db, c.var.user.id, { code, page: pageNumber(page) }))
      },
    )
    .post(
      '/buy',
      endpoint({
        summary: 'Buys a whole sell offer.',
        description:
          'In one transaction: the offer becomes sold to the player, the player pays `total` gems (the seller receives it minus the fee) and receives the terydollars from the escrow. Of any number of buyers at once, exactly one gets the offer.',
        auth: 'session',
        response: purchaseResult,
        message: economyMessages.offerBought,
        money: [
          { currency: 'gems', direction: 'out' },
          { currency: 'terydollars', direction: 'in' },
        ],
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
      }),
      validate('json', offerIdBody),
      idempotent(db),
      async (c) =>
        reply(c, await buyOffer(c.var.db, c.var.user.id, c.req.valid('json').offerId, now())),
    )
    .post(
      '/',
      endpoint({
        summary: 'Lists terydollars for sale at a price in gems per terydollar.',
        description:
          'The terydollars move into escrow until the offer is sold or cancelled. The fee (`rules.trading.feePercent` of the total, rounded up) is charged on the sale.',
        auth: 'session',
        response: offerResult,
        status: 201,
        message: economyMessages.offerListed,
        money: [{ currency: 'terydollars', direction: 'out' }],
        errors: [
          {
            status: 400,
            message: apiMessages.notEnoughTerydollars,
            when: 'The player has fewer terydollars than the offer sells.',
          },
          {
            status: 409,
            message: economyMessages.tooManyOffers,
            when: `The player has ${TRADING_RULES.maxOpenOffers} open offers already.`,
          },
        ],
      }),
      validate('json', sellOfferBody(TRADING_RULES)),
      idempotent(db),
      async (c) => reply(c, await createOffer(c.var.db, c.var.user.id, c.req.valid('json'), now())),
    )
    .delete(
      '/',
      endpoint({
        summary: "Cancels one of the player's open offers; its terydollars come back.",
        description:
          'Body `{ "offerId": 12 }`. Against a buy at the same moment, exactly one of the two wins.',
        auth: 'session',
        response: offerResult,
        message: economyMessages.offerCancelled,
        money: [{ currency: 'terydollars', direction: 'in' }],
        errors: [
          {
            status: 403,
            message: economyMessages.notYourOffer,
            when: 'The offer belongs to another player.',
          },
          offerNotFound,
          offerGone,
        ],
      }),
      validate('json', offerIdBody),
      idempotent(db),
      async (c) =>
        reply(c, await cancelOffer(c.var.db, c.var.user.id, c.req.valid('json').offerId, now())),
    )
}

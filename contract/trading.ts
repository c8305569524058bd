import * as v from 'valibot'
import { amountField, amountText } from './amounts'
import { referralCodeField } from './fields'
import { paged, pageField } from './pagination'
import { balances, playerRef } from './user'
import { economyMessages } from './economy-messages'

/** What GET /api/config says about the trading board. */
export const tradingRules = v.object({
  /** Share of a sale's gems the seller pays as a fee, in percent (rounded up to whole gems). */
  feePercent: v.number(),
  /** Gems asked per terydollar. */
  price: v.object({ min: v.number(), max: v.number() }),
  /** Terydollars one offer sells. */
  amount: v.object({ min: v.number(), max: v.number() }),
  /** Offers a player may have open at once. */
  maxOpenOffers: v.number(),
  /** Entries per page of every trading list. */
  pageSize: v.number(),
})
export type TradingRules = v.InferOutput<typeof tradingRules>

/** The fee of a sale of `total` gems: rounded up, so a sale never pays less than the rule says. */
export function tradingFee(total: number, feePercent: number): number {
  return Math.ceil((total * feePercent) / 100)
}

/** POST /api/trading: a sell offer of `amount` terydollars at `price` gems each. */
export function sellOfferBody(rules: TradingRules) {
  return v.object({ price: amountField(rules.price), amount: amountField(rules.amount) })
}
export type SellOfferBody = { price: number; amount: number }

/** The sell-offer form as the player types it, its fields named as the spec names them. */
export function sellOfferFields(rules: TradingRules) {
  return v.object({
    sellTerydollarPrice: amountText(rules.price),
    sellTerydollarValue: amountText(rules.amount),
  })
}

/**
 * POST /api/trading/buy and DELETE /api/trading: the offer. An id is a whole number the database
 * can hold and JavaScript can count exactly (1e21 is an integer to JSON, not an offer id).
 */
export const offerIdBody = v.object({
  offerId: v.pipe(
    v.number(economyMessages.id),
    v.integer(economyMessages.id),
    v.minValue(1, economyMessages.id),
    v.maxValue(Number.MAX_SAFE_INTEGER, economyMessages.id),
  ),
})

/** GET /api/trading, /own and /history: `code` narrows the list to one other player. */
export const tradingQuery = v.object({ code: v.optional(referralCodeField), page: pageField })

/** Offers are open until someone buys them (sold) or their seller takes them back (cancelled). */
export const OFFER_STATES = ['open', 'sold', 'cancelled'] as const
export type OfferState = (typeof OFFER_STATES)[number]

/** An open offer on the board. `own` marks the player's own, which they can cancel, not buy. */
export const boardOffer = v.object({
  id: v.number(),
  seller: playerRef,
  /** Terydollars for sale. */
  amount: v.number(),
  /** Gems per terydollar. */
  price: v.number(),
  /** Gems the buyer pays: price times amount. */
  total: v.number(),
  own: v.boolean(),
  createdAt: v.string(),
})
export type BoardOffer = v.InferOutput<typeof boardOffer>

/** One of the player's own offers, whatever its state. */
export const ownOffer = v.object({
  id: v.number(),
  amount: v.number(),
  price: v.number(),
  total: v.number(),
  /** Gems the sale costs its seller (charged only if it sells). */
  fee: v.number(),
  state: v.picklist(OFFER_STATES),
  buyer: v.nullable(playerRef),
  createdAt: v.string(),
  closedAt: v.nullable(v.string()),
})
export type OwnOffer = v.InferOutput<typeof ownOffer>

/** A finished trade as one side saw it: the player sold (sale) or bought (purchase). */
export const tradeEntry = v.object({
  offerId: v.number(),
  kind: v.picklist(['sale', 'purchase']),
  amount: v.number(),
  price: v.number(),
  total: v.number(),
  /** The seller's fee; 0 on a purchase. */
  fee: v.number(),
  /** Gems the player received (sale: total minus fee) or paid (purchase: total). */
  gems: v.number(),
  counterpart: playerRef,
  closedAt: v.string(),
})
export type TradeEntry = v.InferOutput<typeof tradeEntry>

export const boardPage = paged(boardOffer)
export type BoardPage = v.InferOutput<typeof boardPage>
export const ownOffersPage = paged(ownOffer)
export type OwnOffersPage = v.InferOutput<typeof ownOffersPage>
export const tradeHistoryPage = paged(tradeEntry)
export type TradeHistoryPage = v.InferOutput<typeof tradeHistoryPage>

/** data of POST /api/trading and DELETE /api/trading: the offer and the seller's balances. */
export const offerResult = v.object({ offer: ownOffer, balances })
export type OfferResult = v.InferOutput<typeof offerResult>

/** data of POST /api/trading/buy: the trade as the buyer sees it, and their balances. */
export const purchaseResult = v.object({ trade: tradeEntry, balances })
export type PurchaseResult = v.InferOutput<typeof purchaseResult>

import * as v from 'valibot'
import { amountField, amountText } from './amounts'
import { digitsField, referralCodeField, requiredText } from './fields'
import { paged, pageField } from './pagination'
import { PAYMENT_METHODS, paymentMethodField, wallet } from './payments'
import { balances, playerRef } from './user'
import { economyMessages } from './economy-messages'

/** What GET /api/config says about converting gems to money. */
export const marketRules = v.object({
  /** US cents one gem is worth. */
  centsPerGem: v.number(),
  /** Share of the gems converted that is the fee, in percent (rounded up to whole gems). */
  feePercent: v.number(),
  /** Gems one conversion takes. */
  gems: v.object({ min: v.number(), max: v.number() }),
})
export type MarketRules = v.InferOutput<typeof marketRules>

/** What GET /api/config says about sending gems to another player. */
export const gemTransferRules = v.object({
  amount: v.object({ min: v.number(), max: v.number() }),
  /** Transfers of at least this many gems are held before they arrive... */
  holdFrom: v.number(),
  /** ...for this many hours. */
  holdHours: v.number(),
  pageSize: v.number(),
})
export type GemTransferRules = v.InferOutput<typeof gemTransferRules>

/** The fee of converting `gems`: rounded up to whole gems. */
export function conversionFee(gems: number, feePercent: number): number {
  return Math.ceil((gems * feePercent) / 100)
}

/** The player's inventory is named by their player id. */
const inventoryId = v.pipe(requiredText, v.uuid(economyMessages.id))

/** GET /api/inventory/{id} */
export const inventoryParams = v.object({ id: inventoryId })

/**
 * GET /api/market/{inventoryId}?symbol&amount: the symbol (payment method) asks for its wallet,
 * the amount (gems, with a symbol) for a quote; without them, the gems and the payouts.
 */
export const marketParams = v.object({ inventoryId })
export const marketQuery = v.object({
  symbol: v.optional(paymentMethodField),
  amount: v.optional(digitsField),
})

/** POST /api/market/transfer/{symbol}: gems to convert, paid out to the player's wallet. */
export const transferParams = v.object({ symbol: paymentMethodField })
export function conversionBody(rules: MarketRules) {
  return v.object({ amount: amountField(rules.gems) })
}
/** The conversion form's amount field. */
export function conversionFields(rules: MarketRules) {
  return v.object({ amount: amountText(rules.gems) })
}

/** What converting gems gives: the fee is shown before the player acts. */
export const conversionQuote = v.object({
  gems: v.number(),
  fee: v.number(),
  /** Gems converted after the fee. */
  net: v.number(),
  /** What the player receives, in US cents. */
  valueCents: v.number(),
})
export type ConversionQuote = v.InferOutput<typeof conversionQuote>

/** Payouts wait for the operator to pay them (pending), then are sent or rejected (refunded). */
export const PAYOUT_STATES = ['pending', 'sent', 'rejected'] as const

export const payout = v.object({
  id: v.number(),
  symbol: v.picklist(PAYMENT_METHODS),
  gems: v.number(),
  fee: v.number(),
  valueCents: v.number(),
  address: v.string(),
  state: v.picklist(PAYOUT_STATES),
  reason: v.nullable(v.string()),
  createdAt: v.string(),
  processedAt: v.nullable(v.string()),
})
export type Payout = v.InferOutput<typeof payout>

/** data of GET /api/market/{inventoryId}: the gems, the wallet, the quote and the history. */
export const marketOverview = v.object({
  symbol: v.nullable(v.picklist(PAYMENT_METHODS)),
  gems: v.number(),
  wallet: v.nullable(wallet),
  quote: v.nullable(conversionQuote),
  /** The player's latest conversions, newest first. */
  payouts: v.array(payout),
})
export type MarketOverview = v.InferOutput<typeof marketOverview>

/** data of POST /api/market/transfer/{symbol}. */
export const conversionResult = v.object({ payout, balances })
export type ConversionResult = v.InferOutput<typeof conversionResult>

/** GET /api/user/search?code: who a code belongs to, before sending them gems. */
export const searchQuery = v.object({ code: referralCodeField })

/** POST /api/inventory/send/gems */
export function sendGemsBody(rules: GemTransferRules) {
  return v.object({ code: referralCodeField, amount: amountField(rules.amount) })
}
export type SendGemsBody = { code: string; amount: number }
/** The send-gems form: destination code and amount. */
export function sendGemsFields(rules: GemTransferRules) {
  return v.object({ code: referralCodeField, amount: amountText(rules.amount) })
}

export const GEM_TRANSFER_STATES = ['pending', 'sent'] as const

/** A transfer of gems as one side sees it. */
export const gemTransfer = v.object({
  id: v.number(),
  direction: v.picklist(['sent', 'received']),
  counterpart: playerRef,
  amount: v.number(),
  /** pending: held until releaseAt; sent: in the recipient's balance. */
  state: v.picklist(GEM_TRANSFER_STATES),
  releaseAt: v.nullable(v.string()),
  createdAt: v.string(),
})
export type GemTransfer = v.InferOutput<typeof gemTransfer>

export const gemTransferResult = v.object({ transfer: gemTransfer, balances })
export type GemTransferResult = v.InferOutput<typeof gemTransferResult>

/** GET /api/user/gem/history?page */
export const gemHistoryQuery = v.object({ page: pageField })
export const gemHistoryPage = paged(gemTransfer)
export type GemHistoryPage = v.InferOutput<typeof gemHistoryPage>

/** data of GET /api/inventory/{id}: what the player holds. */
export const inventory = v.object({
  id: v.string(),
  balances,
  batteries: v.number(),
  terycarbonBatteryActive: v.boolean(),
  /** Gems of held transfers: sent and not arrived yet, and on their way to the player. */
  gemsOnTheWay: v.object({ outgoing: v.number(), incoming: v.number() }),
})
export type Inventory = v.InferOutput<typeof inventory>

import * as v from 'valibot'
import { amountField } from './amounts'
import { digitsField } from './fields'
import { CRYPTO_METHODS, OTHER_METHODS, PAYMENT_METHODS, type PaymentMethod } from './payments'
import { balances } from './user'
import { economyMessages } from './economy-messages'

/** The currencies orders are paid in: dollars for crypto and PayPal, pesos for Nequi and the bank. */
export const PAY_CURRENCIES = ['USD', 'COP'] as const

/** What GET /api/config says about terydollars: orders, their price per method, burning. */
export const terydollarRules = v.object({
  /** Terydollars one order may buy. */
  order: v.object({ min: v.number(), max: v.number() }),
  /** The exchange: what one terydollar costs with each method. */
  prices: v.array(
    v.object({
      method: v.picklist(PAYMENT_METHODS),
      currency: v.picklist(PAY_CURRENCIES),
      perTerydollar: v.number(),
    }),
  ),
  /** The payment voucher: accepted image types and largest size in bytes. */
  voucher: v.object({ types: v.array(v.string()), maxBytes: v.number() }),
  burn: v.object({
    /** Gems one burned terydollar gives. */
    gemsPerTerydollar: v.number(),
    amount: v.object({ min: v.number(), max: v.number() }),
  }),
})
export type TerydollarRules = v.InferOutput<typeof terydollarRules>

/** What `amount` terydollars cost with `method`: the exchange of the rules. */
export function orderPayment(
  rules: Pick<TerydollarRules, 'prices'>,
  method: PaymentMethod,
  amount: number,
): { amount: number; currency: (typeof PAY_CURRENCIES)[number] } {
  const price = rules.prices.find((entry) => entry.method === method)
  if (!price) throw new Error(`No price for ${method}`)
  return { amount: amount * price.perTerydollar, currency: price.currency }
}

function orderBody(rules: TerydollarRules, methods: readonly [PaymentMethod, ...PaymentMethod[]]) {
  return v.object({
    method: v.picklist(methods, economyMessages.paymentMethod),
    amount: amountField(rules.order),
  })
}

/** POST /api/terydollar: an order paid with bitcoin or USDT. */
export const cryptoOrderBody = (rules: TerydollarRules) => orderBody(rules, CRYPTO_METHODS)
/** POST /api/terydollar/other: an order paid with PayPal, Nequi or Bancolombia. */
export const otherOrderBody = (rules: TerydollarRules) => orderBody(rules, OTHER_METHODS)
export type OrderBody = { method: PaymentMethod; amount: number }

/** POST /api/terydollar/sendOrderVoucher?orderId=: the order the image in the body is for. */
export const voucherQuery = v.object({ orderId: digitsField })

/** POST /api/terydollar/burn: terydollars to burn. */
export function burnBody(rules: TerydollarRules) {
  return v.object({ amount: amountField(rules.burn.amount) })
}

/**
 * An order's life: created and waiting for the player's voucher, voucher sent and waiting for the
 * operator, then approved (the terydollars are credited) or rejected (with a reason).
 */
export const ORDER_STATES = ['awaitingVoucher', 'voucherSent', 'approved', 'rejected'] as const
export type OrderState = (typeof ORDER_STATES)[number]

export const terydollarOrder = v.object({
  id: v.number(),
  method: v.picklist(PAYMENT_METHODS),
  /** Terydollars bought. */
  amount: v.number(),
  /** What to pay, in whole units of its currency. */
  pay: v.object({ amount: v.number(), currency: v.picklist(PAY_CURRENCIES) }),
  /** Where to pay: what the account is (Spanish) and its address or number. */
  payTo: v.object({ label: v.string(), value: v.string() }),
  state: v.picklist(ORDER_STATES),
  /** ISO 8601 instants. */
  createdAt: v.string(),
  voucherSentAt: v.nullable(v.string()),
  reviewedAt: v.nullable(v.string()),
  rejectionReason: v.nullable(v.string()),
  /**
   * The unread inbox message that tells this order's outcome (approved or rejected), whose
   * acknowledgement (PATCH /api/messages, on the card or in the inbox) ends the telling; null
   * once acknowledged, and for an order not reviewed yet.
   */
  outcomeMessageId: v.nullable(v.string()),
})
export type TerydollarOrder = v.InferOutput<typeof terydollarOrder>

/**
 * data of GET /api/terydollar: the player's latest order (open, or the last one reviewed) and
 * the player's balances, so an approval shows in the layout as soon as the page learns of it.
 */
export const currentOrder = v.object({ order: v.nullable(terydollarOrder), balances })
export type CurrentOrder = v.InferOutput<typeof currentOrder>

/** data of GET /api/terydollar/burn: what burning gives now. */
export const burnValue = v.object({
  gemsPerTerydollar: v.number(),
  terydollars: v.number(),
  /** Gems the player's whole terydollar balance would give. */
  gemsForAll: v.number(),
})
export type BurnValue = v.InferOutput<typeof burnValue>

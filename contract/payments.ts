import * as v from 'valibot'
import { emailField, requiredText } from './fields'
import { apiMessages } from './messages'
import { economyMessages } from './economy-messages'

/**
 * The payment methods: terydollars are bought with them and gems are paid out to them. The spec
 * names btc, paypal, nequi and usdt in lower case and BANCOLOMBIA among the upper-case forms; the
 * API uses lower case throughout.
 */
export const PAYMENT_METHODS = ['btc', 'usdt', 'paypal', 'nequi', 'bancolombia'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/** Bought through POST /api/terydollar: paid on a blockchain. */
export const CRYPTO_METHODS = ['btc', 'usdt'] as const satisfies readonly PaymentMethod[]
/** Bought through POST /api/terydollar/other: PayPal, Nequi and the bank. */
export const OTHER_METHODS = [
  'paypal',
  'nequi',
  'bancolombia',
] as const satisfies readonly PaymentMethod[]

export const paymentMethodField = v.picklist(PAYMENT_METHODS, economyMessages.paymentMethod)

/**
 * The account a method pays to, as the player types it. USDT is accepted on the TRON network
 * (TRC20) only: a transfer on another network would be lost, which the BTC/USDT advice list says.
 */
export const walletAddressFields = {
  btc: v.pipe(
    requiredText,
    v.regex(
      /^(bc1[ac-hj-np-z02-9]{11,71}|[13][a-km-zA-HJ-NP-Z1-9]{25,34})$/,
      economyMessages.btcAddress,
    ),
  ),
  usdt: v.pipe(requiredText, v.regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/, economyMessages.usdtAddress)),
  paypal: emailField,
  nequi: v.pipe(requiredText, v.regex(/^3\d{9}$/, economyMessages.nequiAccount)),
  bancolombia: v.pipe(requiredText, v.regex(/^\d{11}$/, economyMessages.bancolombiaAccount)),
} as const satisfies Record<PaymentMethod, v.GenericSchema<string, string>>

const invalid = apiMessages.invalidBody

/** POST /api/wallet/: the account of one payment method (a second one replaces the first). */
export const walletBody = v.variant(
  'method',
  [
    v.object(
      { method: v.literal('btc', economyMessages.paymentMethod), address: walletAddressFields.btc },
      invalid,
    ),
    v.object(
      {
        method: v.literal('usdt', economyMessages.paymentMethod),
        address: walletAddressFields.usdt,
      },
      invalid,
    ),
    v.object(
      {
        method: v.literal('paypal', economyMessages.paymentMethod),
        address: walletAddressFields.paypal,
      },
      invalid,
    ),
    v.object(
      {
        method: v.literal('nequi', economyMessages.paymentMethod),
        address: walletAddressFields.nequi,
      },
      invalid,
    ),
    v.object(
      {
        method: v.literal('bancolombia', economyMessages.paymentMethod),
        address: walletAddressFields.bancolombia,
      },
      invalid,
    ),
  ],
  economyMessages.paymentMethod,
)
export type WalletBody = v.InferOutput<typeof walletBody>

/** The wallet form's one field, for the method being added. */
export function walletFields(method: PaymentMethod) {
  return v.object({ address: walletAddressFields[method] })
}

/** GET /api/wallet/{id}: id is the player's inventory (their player id). */
export const walletParams = v.object({ id: v.pipe(requiredText, v.uuid(economyMessages.id)) })

/** A payout account of the player. */
export const wallet = v.object({
  method: v.picklist(PAYMENT_METHODS),
  address: v.string(),
  /** ISO 8601 instant of the last change. */
  updatedAt: v.string(),
})
export type Wallet = v.InferOutput<typeof wallet>

/** data of GET /api/wallet/{id} and POST /api/wallet/: the player's wallets, one per method. */
export const wallets = v.array(wallet)

/** Payment methods as the API spells them in lowercase (buying terydollars, wallets). */
export const PAYMENT_METHODS = ['btc', 'paypal', 'nequi', 'usdt'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

/** The uppercase forms, which also include the bank transfer (BANCOLOMBIA). */
export const PAYMENT_METHOD_CODES = ['BTC', 'PAYPAL', 'NEQUI', 'USDT', 'BANCOLOMBIA'] as const
export type PaymentMethodCode = (typeof PAYMENT_METHOD_CODES)[number]

/** The buy-terydollars form starts on bitcoin. */
export const DEFAULT_BUY_TERYDOLLAR_METHOD: PaymentMethod = 'btc'

/** Names the player reads for each method. */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethodCode, string> = {
  BTC: 'Bitcoin',
  PAYPAL: 'PayPal',
  NEQUI: 'Nequi',
  USDT: 'USDT',
  BANCOLOMBIA: 'Bancolombia',
}

export function isPaymentMethod(value: string): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(value)
}

/** The uppercase form of a lowercase method ('btc' -> 'BTC'). */
export function paymentMethodCode(method: PaymentMethod): PaymentMethodCode {
  return method.toUpperCase() as PaymentMethodCode
}

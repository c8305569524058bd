import type { PaymentMethod } from '../../contract/payments'

/** The payment methods as players know them (the spec's upper-case forms: BANCOLOMBIA). */
export const methodNames: Record<PaymentMethod, string> = {
  btc: 'Bitcoin',
  usdt: 'USDT',
  paypal: 'PayPal',
  nequi: 'Nequi',
  bancolombia: 'BANCOLOMBIA',
}

/** What a wallet of each method holds, as its field is labelled. */
export const walletLabels: Record<PaymentMethod, string> = {
  btc: 'Dirección de Bitcoin',
  usdt: 'Dirección USDT (red TRON, TRC20)',
  paypal: 'Correo de PayPal',
  nequi: 'Número de celular Nequi',
  bancolombia: 'Número de cuenta de ahorros',
}

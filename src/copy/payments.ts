import type { PaymentMethod } from '../../contract/payments'
import type { PAY_CURRENCIES } from '../../contract/terydollar'
import { numberFormat } from './format'

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

const usd = () => numberFormat({ style: 'currency', currency: 'USD' })
const cop = () => numberFormat({ style: 'currency', currency: 'COP', maximumFractionDigits: 0 })

/** A money amount in the currency an order is paid in, as es-CO writes it: US$ 25,00, $ 105.000. */
export function formatPay(amount: number, currency: (typeof PAY_CURRENCIES)[number]): string {
  return currency === 'USD' ? usd().format(amount) : `${cop().format(amount)} COP`
}

/** US cents as dollars: 1950 -> US$ 19,50. */
export function formatCents(cents: number): string {
  return usd().format(cents / 100)
}

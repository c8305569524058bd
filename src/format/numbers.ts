/**
 * Numbers as a Colombian reader expects them (es-CO): 1.234,5, percents, pesos and dollars. Whole
 * numbers and amounts of a currency are contract/money-text.ts's, shared with the server.
 */

import { formatInteger } from '../../contract/money-text'
import type { PAY_CURRENCIES } from '../../contract/terydollar'

const LOCALE = 'es-CO'

/**
 * The formats, made on first use: an Intl constructor loads the locale's data, and the landing
 * would pay for it before its first interaction without showing a single number.
 */
const formats = new Map<string, Intl.NumberFormat>()

export function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options)
  let format = formats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, options)
    formats.set(key, format)
  }
  return format
}

/**
 * Makes the integer format ahead of its first figure. The first Intl object a page makes loads
 * ICU's data, 15 to 20 ms in Chromium on this machine and four times that on the phone Lighthouse
 * simulates: a player's page calls this in a task of its own while its calls are under way
 * (`mountApp`), so the render that shows the first figures does not pay for it.
 */
export function prepareNumberFormat(): void {
  formatInteger(0)
}

/**
 * A currency amount with es-CO grouping and decimal comma, up to `maxFractionDigits` decimals
 * and no trailing zeros: 1234.5 -> '1.234,5'.
 */
export function formatAmount(value: number, maxFractionDigits = 2): string {
  return numberFormat({ maximumFractionDigits: maxFractionDigits, useGrouping: 'always' }).format(
    value,
  )
}

/** A whole percent given in points (as the API sends it): 15 -> '15%'. */
export function formatPercent(points: number): string {
  return numberFormat({ style: 'percent', maximumFractionDigits: 0 }).format(points / 100)
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

import type { Currency, CurrencyAmount } from './currencies'

/*
 * Whole numbers and amounts of a currency as a Colombian player reads them, the one way for the
 * browser, the machines and the server's messages alike. Free of valibot: the layout's balances
 * read it from the entry chunk.
 */

/**
 * Made on first use: an Intl constructor loads the locale's data, which a page that shows no
 * figure (the landing) should not pay for.
 */
let wholeNumber: Intl.NumberFormat | undefined

/** A whole number with es-CO grouping: 1234567 -> '1.234.567' (rounded if given a fraction). */
export function formatInteger(value: number): string {
  // Grouping is forced on so that 4-digit amounts read 1.234 like larger ones, instead of CLDR's
  // Spanish default that leaves 1234 ungrouped next to 12.345 in the same list.
  wholeNumber ??= new Intl.NumberFormat('es-CO', {
    maximumFractionDigits: 0,
    useGrouping: 'always',
  })
  return wholeNumber.format(value)
}

/** A count with its noun agreeing in number: `formatCount(1, 'misión', 'misiones')` is '1 misión'. */
export function formatCount(count: number, one: string, many: string): string {
  return `${formatInteger(count)} ${count === 1 ? one : many}`
}

/** Each currency as a sentence names it: one, and more than one (or none). */
const currencyNames: Record<Currency, [one: string, many: string]> = {
  terycarbons: ['terycarbono', 'terycarbonos'],
  gems: ['gema', 'gemas'],
  voltaCharge: ['de carga volta', 'de carga volta'],
  terydollars: ['terydólar', 'terydólares'],
}

/** The name of a currency agreeing with an amount: 1 -> 'gema', 0 or 2 -> 'gemas'. */
export function currencyName(currency: Currency, amount: number): string {
  const [one, many] = currencyNames[currency]
  return amount === 1 ? one : many
}

/**
 * An amount with its currency, agreeing in number: '1 terycarbono', '2 terycarbonos',
 * '1.500 gemas', '50 de carga volta'. Every amount written with its currency goes through here.
 */
export function formatMoney({ currency, amount }: CurrencyAmount): string {
  const [one, many] = currencyNames[currency]
  return formatCount(amount, one, many)
}

/** The writer of one currency's amounts: `const gems = moneyOf('gems')`, then `gems(1)` is '1 gema'. */
export function moneyOf(currency: Currency): (amount: number) => string {
  return (amount) => formatMoney({ currency, amount })
}

/** The four in-game currencies, as the API names them. */
export const CURRENCIES = ['terycarbons', 'gems', 'voltaCharge', 'terydollars'] as const

export type Currency = (typeof CURRENCIES)[number]

/** Which way a currency moves for the player: `in` to the player, `out` from the player. */
export type MoneyDirection = 'in' | 'out'

/**
 * Money an API call moves for the calling player: declared by the endpoint (`x-money` in the
 * OpenAPI document) and by the machine transition that makes the call (its `meta.money`), and
 * checked against each other by `npm run docs`.
 */
export type MoneyMovement = { currency: Currency; direction: MoneyDirection }

/**
 * An amount of one currency (a price, a prize, a reward), in whole units. Its schema is
 * `currencyAmount` in ./fields.ts: this module stays free of valibot, since the layout's balances
 * (in the entry chunk) read it.
 */
export type CurrencyAmount = { currency: Currency; amount: number }

/** The four in-game currencies, as the API names them. */
export const CURRENCIES = ['terycarbons', 'gems', 'voltaCharge', 'terydollars'] as const

export type Currency = (typeof CURRENCIES)[number]

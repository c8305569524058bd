/** The four in-game currencies, as the API names them. */
export const CURRENCIES = ['terycarbons', 'gems', 'voltaCharge', 'terydollars'] as const

export type Currency = (typeof CURRENCIES)[number]

/** Reward kinds as the spec spells them. */
export const REWARD_KINDS = ['GEMS', 'TERYCARBONS', 'VOLTA_CHARGE'] as const
export type RewardKind = (typeof REWARD_KINDS)[number]

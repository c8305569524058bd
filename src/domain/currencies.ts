/** The four in-game currencies, as the API names them. */
export const CURRENCIES = ['terycarbons', 'gems', 'voltaCharge', 'terydollars'] as const

export type Currency = (typeof CURRENCIES)[number]

/** Reward kinds as the spec spells them. */
export const REWARD_KINDS = ['GEMS', 'TERYCARBONS', 'VOLTA_CHARGE'] as const
export type RewardKind = (typeof REWARD_KINDS)[number]

/** The currency a reward kind pays in. */
export function rewardCurrency(kind: RewardKind): Currency {
  switch (kind) {
    case 'GEMS':
      return 'gems'
    case 'TERYCARBONS':
      return 'terycarbons'
    case 'VOLTA_CHARGE':
      return 'voltaCharge'
  }
}

/** Resource types of rewards and mining modes, spelt as the API spells them. */
export const RESOURCE_TYPES = ['terycarbonsX', 'gemsX', 'music'] as const
export type ResourceType = (typeof RESOURCE_TYPES)[number]

/** Where an action or a balance change came from: the web app or the game. */
export const ORIGINS = ['WEB', 'GAME'] as const
export type Origin = (typeof ORIGINS)[number]

/** States of a gem transfer to another player: waiting, then on its way. */
export const TRANSFER_STATES = ['pending', 'sending'] as const
export type TransferState = (typeof TRANSFER_STATES)[number]

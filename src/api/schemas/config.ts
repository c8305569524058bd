/** One entry of the NUESTRAS REDES modal. */
export type SocialLink = {
  id: 'videoChannel' | 'telegram' | 'facebook' | 'instagram' | 'messenger' | 'whatsappGroup'
  label: string
  url: string
}

/** data of GET /api/config: the game's rules and the links the layout needs. */
export type GameConfig = {
  links: {
    social: SocialLink[]
    /** The external finance site behind FINANZAS. */
    finance: string
    /** The support chat opened by the floating assistant button. */
    chat: string
  }
  rules: {
    ranks: {
      index: number
      name: string
      percent: number
      requirement: { team: number; direct: number }
    }[]
    stations: { number: number; name: string; share: number }[]
    currencies: ('terycarbons' | 'gems' | 'voltaCharge' | 'terydollars')[]
    maxSocialAccounts: number
    teamGenerations: number
    /** Reward shown on /home for each player who joins with your code, in gems. */
    referralRewardGems: number
  }
}

/** data of GET /api/chat. */
export type ChatLink = { link: string }

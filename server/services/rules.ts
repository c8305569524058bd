import type { GameConfig, SocialLink } from '../../contract/config'
import type { RankDetail } from '../../contract/rank'
import type { RankSummary } from '../../contract/user'
import { CURRENCIES } from '../../contract/currencies'
import { FUEL_PURCHASE, LEDGER_KINDS, type MiningMode } from '../../contract/mining'
import { RANK_NAMES, rankPercent } from '../../contract/ranks'
import { STATIONS } from '../../contract/stations'

// The game's rules and links in one place. GET /api/config serves them, docs/economy.md explains
// them; change both together.

/** Team members over the 8 generations and direct referrals needed for each rank index. */
export const RANK_REQUIREMENTS: readonly { team: number; direct: number }[] = [
  { team: 0, direct: 0 },
  { team: 5, direct: 2 },
  { team: 15, direct: 3 },
  { team: 30, direct: 4 },
  { team: 60, direct: 5 },
  { team: 120, direct: 6 },
  { team: 250, direct: 8 },
  { team: 500, direct: 10 },
  { team: 1_000, direct: 12 },
  { team: 2_500, direct: 15 },
  { team: 5_000, direct: 20 },
  { team: 10_000, direct: 25 },
]

/** Maximum missions a player can take per day at each rank index. */
const DAILY_MISSIONS = [3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 18, 20]

export const TEAM_GENERATIONS = 8
export const MAX_SOCIAL_ACCOUNTS = 1
/** Gems the parent receives when a player signs up with their code. */
export const REFERRAL_REWARD_GEMS = 10
/** Terycarbons every new player receives at signup, to try the mine on day one. */
export const WELCOME_TERYCARBONS = 100

/** Gems a player can claim once on reaching each rank index (PATCH /api/user/gainReward). */
export const RANK_GEMS: readonly number[] = [
  10, 20, 40, 70, 120, 200, 350, 600, 1_000, 1_600, 2_500, 4_000,
]

/** The mine: fuel, production, the backpack, the gems mode and buying terycarbons. */
export const MINING = {
  /** A fueled station runs this long, then turns off. */
  stationRunHours: 24,
  /** A station's fuel for one run: its share times this, in terycarbons (500 for all nine). */
  fuelPerSharePoint: 5,
  /** Whole units a day the full mine produces; each station on adds its share of it. */
  productionPerDay: { terycarbons: 600, gems: 120 } satisfies Record<MiningMode, number>,
  /** The most the backpack holds before it must be collected (12 hours of the full mine). */
  backpackCapacity: { terycarbons: 300, gems: 60 } satisfies Record<MiningMode, number>,
  /** Terycarbons that unlock the gems mode, once; the terycarbons mode is free. */
  gemsModePrice: 1_000,
  /** Terycarbons one terydollar or one gem buys (POST /api/inventory/purchase/fuel). */
  terycarbonsPer: { terydollars: 100, gems: 2 },
  purchase: FUEL_PURCHASE,
  /** The team bonus of a closed Bogota day can be collected for this many days after it. */
  bonusDays: 7,
} as const

/** The terycarbons a station's run costs. */
export function fuelCost(share: number): number {
  return share * MINING.fuelPerSharePoint
}

/**
 * What the team earns, for the rank percentage: gem credits of these kinds to the members of the
 * 8 generations (missions, videos, playlists, volta charge and their mines in gems mode).
 */
export const TEAM_EARNING_KINDS: readonly string[] = [
  'mission.claim',
  'mission.referral',
  'video.finish',
  'playlist.claim',
  'volta.claim',
  LEDGER_KINDS.collect,
]

/**
 * What the leaderboard ranks by and the profile shows as the week's gems: gem credits of these
 * kinds, the team's earnings plus the team bonus, rank gems and referral rewards.
 */
export const WEEK_EARNING_KINDS: readonly string[] = [
  ...TEAM_EARNING_KINDS,
  LEDGER_KINDS.teamBonus,
  LEDGER_KINDS.rankReward,
  'referral',
]

/** How many of the first players are Tery's founders (GET /api/user/founder). */
export const FOUNDERS_LIMIT = 100

/** Page size of the team lists, the payouts and the leaderboard. */
export const LIST_PAGE_SIZE = 10

export const SOCIAL_LINKS: SocialLink[] = [
  { id: 'videoChannel', label: 'Canal de videos', url: 'https://www.youtube.com/@terygame' },
  { id: 'telegram', label: 'Telegram', url: 'https://t.me/terygame' },
  { id: 'facebook', label: 'Facebook', url: 'https://www.facebook.com/terygame' },
  { id: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/terygame' },
  { id: 'messenger', label: 'Messenger', url: 'https://m.me/terygame' },
  {
    id: 'whatsappGroup',
    label: 'Grupo de WhatsApp',
    url: 'https://chat.whatsapp.com/TeryGameComunidad',
  },
]
export const FINANCE_URL = 'https://finanzas.terygame.com'
export const CHAT_URL = 'https://t.me/terysoporte'

function requirementOf(index: number) {
  const requirement = RANK_REQUIREMENTS[index]
  if (!requirement) throw new RangeError(`Rank index out of range: ${index}`)
  return requirement
}

/** A rank as lists and profiles show it: index, Spanish name, percent. */
export function describeRank(index: number): RankSummary {
  const name = RANK_NAMES[index]
  if (name === undefined) throw new RangeError(`Rank index out of range: ${index}`)
  return { index, name, percent: rankPercent(index) }
}

/** The gems claimable once on reaching a rank. */
export function rankGems(index: number): number {
  const gems = RANK_GEMS[index]
  if (gems === undefined) throw new RangeError(`Rank index out of range: ${index}`)
  return gems
}

/** The highest rank a team of this size reaches. */
export function rankForTeam(team: number, direct: number): number {
  let reached = 0
  RANK_REQUIREMENTS.forEach((requirement, index) => {
    if (team >= requirement.team && direct >= requirement.direct) reached = index
  })
  return reached
}

const spanishInteger = new Intl.NumberFormat('es-CO', { useGrouping: 'always' })

/** Spanish sentences describing what a rank gives. */
export function rankBenefits(index: number): string[] {
  const percent = rankPercent(index)
  const benefits = [
    `Recibes el ${percent}% de las gemas que gana tu equipo en sus ${TEAM_GENERATIONS} generaciones.`,
    `Puedes tomar hasta ${DAILY_MISSIONS[index] ?? DAILY_MISSIONS[0]} misiones por día.`,
    `Al alcanzarlo reclamas ${spanishInteger.format(rankGems(index))} gemas, una sola vez.`,
  ]
  benefits.push(`La insignia ${RANK_NAMES[index] ?? ''} en tu perfil y en tu equipo.`)
  return benefits
}

export function getRankDetail(index: number): RankDetail {
  const name = RANK_NAMES[index]
  if (name === undefined) throw new RangeError(`Rank index out of range: ${index}`)
  return {
    index,
    name,
    percent: rankPercent(index),
    requirement: { ...requirementOf(index) },
    benefits: rankBenefits(index),
  }
}

export function getGameConfig(): GameConfig {
  return {
    links: {
      social: SOCIAL_LINKS.map((link) => ({ ...link })),
      finance: FINANCE_URL,
      chat: CHAT_URL,
    },
    rules: {
      ranks: RANK_NAMES.map((name, index) => ({
        index,
        name,
        percent: rankPercent(index),
        requirement: { ...requirementOf(index) },
        gems: rankGems(index),
      })),
      stations: STATIONS.map(({ number, name, share }) => ({
        number,
        name,
        share,
        fuelCost: fuelCost(share),
      })),
      mining: {
        stationRunHours: MINING.stationRunHours,
        productionPerDay: { ...MINING.productionPerDay },
        backpackCapacity: { ...MINING.backpackCapacity },
        gemsModePrice: MINING.gemsModePrice,
        terycarbonsPer: { ...MINING.terycarbonsPer },
        purchase: { ...MINING.purchase },
        bonusDays: MINING.bonusDays,
      },
      currencies: [...CURRENCIES],
      maxSocialAccounts: MAX_SOCIAL_ACCOUNTS,
      teamGenerations: TEAM_GENERATIONS,
      referralRewardGems: REFERRAL_REWARD_GEMS,
    },
  }
}

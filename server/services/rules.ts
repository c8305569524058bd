import type { GameConfig, SocialLink } from '../../contract/config'
import type { RankDetail } from '../../contract/rank'
import { CURRENCIES } from '../../contract/currencies'
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
export const DAILY_MISSIONS = [3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 18, 20]

export const TEAM_GENERATIONS = 8
export const MAX_SOCIAL_ACCOUNTS = 1
/** Gems the parent receives when a player signs up with their code. */
export const REFERRAL_REWARD_GEMS = 10
/** Terycarbons every new player receives at signup, to try the mine on day one. */
export const WELCOME_TERYCARBONS = 100

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
/** The missions a player of this rank may take per Bogota day. */
export function dailyMissionsOf(rankIndex: number): number {
  return DAILY_MISSIONS[rankIndex] ?? DAILY_MISSIONS[0] ?? 0
}

/** Earning: missions, videos, playlists, volta charge (docs/economy.md, "Earning"). */
export const EARNING_RULES = {
  /** Size of a page of missions, videos, playlists (the lists' `limt`). */
  missionPageSize: 6,
  /** Size of a page of notifications. */
  notificationPageSize: 10,
  /**
   * The local provider's check: a social mission counts as done once this many seconds passed
   * since the player took it (and opened its link), with a verified account on its network.
   */
  missionCheckSeconds: 10,
  /** Share of a referral's mission and playlist rewards their parent collects, in percent. */
  referralSharePercent: 20,
  /** Players who may use one device for missions and videos; the next ones are refused. */
  maxPlayersPerDevice: 3,
  /** How long a video stays disabled for a player who asked to finish it before its time. */
  videoEarlyFinishLockMinutes: 10,
  /** How often the missions page asks again about a pending social account. */
  accountRecheckSeconds: 10,
} as const

export const FINANCE_URL = 'https://finanzas.terygame.com'
export const CHAT_URL = 'https://t.me/terysoporte'

function requirementOf(index: number) {
  const requirement = RANK_REQUIREMENTS[index]
  if (!requirement) throw new RangeError(`Rank index out of range: ${index}`)
  return requirement
}

/** The highest rank a team of this size reaches. */
export function rankForTeam(team: number, direct: number): number {
  let reached = 0
  RANK_REQUIREMENTS.forEach((requirement, index) => {
    if (team >= requirement.team && direct >= requirement.direct) reached = index
  })
  return reached
}

/** Spanish sentences describing what a rank gives. */
export function rankBenefits(index: number): string[] {
  const percent = rankPercent(index)
  const benefits = [
    `Recibes el ${percent}% de las gemas que gana tu equipo en sus ${TEAM_GENERATIONS} generaciones.`,
    `Puedes tomar hasta ${dailyMissionsOf(index)} misiones por día.`,
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
      })),
      stations: STATIONS.map(({ number, name, share }) => ({ number, name, share })),
      currencies: [...CURRENCIES],
      maxSocialAccounts: MAX_SOCIAL_ACCOUNTS,
      teamGenerations: TEAM_GENERATIONS,
      referralRewardGems: REFERRAL_REWARD_GEMS,
      earning: { ...EARNING_RULES, dailyMissions: [...DAILY_MISSIONS] },
    },
  }
}

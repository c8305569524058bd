import type { GameConfig, SocialLink } from '../../contract/config'
import type { CurrencyAmount } from '../../contract/currencies'
import type { ShopProduct } from '../../contract/shop'
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
const DAILY_MISSIONS = [3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 18, 20]

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
export const FINANCE_URL = 'https://finanzas.terygame.com'

/** The weekly lottery (docs/economy.md, "Lottery"). */
export const LOTTERY_RULES = {
  /** What taking part costs, paid to `supply` through the ledger. */
  entryPrice: { currency: 'terycarbons', amount: 50 } satisfies CurrencyAmount,
  /** What the winner receives from `supply`. */
  prize: { currency: 'gems', amount: 200 } satisfies CurrencyAmount,
  entriesPerPlayer: 1,
  /** Entries close and the draw runs every Sunday (Monday is 0) at 20:00 in Bogota. */
  drawWeekday: 6,
  drawHour: 20,
  /** Draws per page of GET /api/lottery/list. */
  pageSize: 5,
} as const

/** The music section (docs/economy.md, "Music"). */
export const MUSIC_RULES = {
  /** What each play the audit accepts pays. */
  rewardPerPlay: { currency: 'terycarbons', amount: 2 } satisfies CurrencyAmount,
  /** At most this much per Bogota day; accepted plays beyond it earn nothing. */
  dailyCap: 60,
  /** Shorter tracks do not count. */
  minTrackSeconds: 30,
  /** The same track counts at most this many times per Bogota day. */
  maxPlaysPerTrackPerDay: 3,
  /** More plays than this within an hour is skipping, not listening: those plays are rejected and the player gets a strike. */
  maxPlaysPerHour: 25,
  /** At this many strikes the section is suspended (checkAccess refuses). */
  maxStrikes: 3,
  /** Plays shown by GET /api/spotify/recentlyPlayed, and the most one sync imports (as Spotify's API). */
  recentLimit: 50,
  /** How long an authorization (its OAuth state) may take. */
  authorizeMinutes: 10,
} as const

/**
 * Daily training (docs/economy.md, "Training"): one lesson per Bogota day, each paying this once.
 * The one-a-day rule is a unique key (training_completions), not a number to tune here.
 */
export const TRAINING_RULES = {
  prize: { currency: 'gems', amount: 5 } satisfies CurrencyAmount,
} as const

/**
 * The shop's catalog: what a player can get in the game, with its benefits and the screen where it
 * is bought (each screen owns its purchase and its prices).
 */
export const SHOP_PRODUCTS: readonly ShopProduct[] = [
  {
    id: 'terycarbons',
    name: 'Terycarbonos',
    tagline: 'El combustible de tu mina',
    description:
      'Los terycarbonos encienden las nueve estaciones de tu mina. Con el tanque lleno tu equipo produce sin parar y tú recoges lo que la mina extrae.',
    benefits: [
      'Mantienen encendidas las estaciones de tu mina.',
      'Te permiten participar en el sorteo semanal.',
      'Desbloquean la opción especial del modo de minería.',
      'También los ganas escuchando música en la sección de música.',
    ],
    obtain: { path: '/mine', label: 'IR A LA MINA' },
  },
  {
    id: 'batteries',
    name: 'Baterías',
    tagline: 'Energía que trabaja por ti',
    description:
      'Las baterías se compran con terydólares y generan ganancias mientras están cargadas. Puedes fundirlas cuando quieras recuperar su valor.',
    benefits: [
      'Generan ganancias que recoges desde tu panel de baterías.',
      'Se compran con terydólares y se pueden fundir.',
      'Te abren el tablero de intercambio de terydólares con otros jugadores.',
    ],
    obtain: { path: '/battery', label: 'IR A BATERÍAS' },
  },
  {
    id: 'terycarbonBattery',
    name: 'Batería de terycarbonos',
    tagline: 'Tu reserva de combustible',
    description:
      'La batería de terycarbonos guarda combustible para tu mina. Puedes comprarla completa o por partes, según lo que necesites.',
    benefits: [
      'Guarda terycarbonos para que tu mina no se detenga.',
      'Se puede comprar completa o con una compra parcial.',
      'Sus beneficios se suman a los de tu rango.',
    ],
    obtain: { path: '/terycarbonBattery', label: 'IR A LA BATERÍA' },
  },
  {
    id: 'miningMode',
    name: 'Modo de minería bloqueable',
    tagline: 'Elige qué extrae tu mina',
    description:
      'Tu mina trabaja en modo terycarbonos o en modo gemas. La opción bloqueable se desbloquea una vez pagando terycarbonos y desde entonces queda activa.',
    benefits: [
      'Cambia lo que produce tu mina según tu estrategia.',
      'Un solo pago en terycarbonos la deja activa para siempre.',
      'Combínala con tu equipo para ganar gemas más rápido.',
    ],
    obtain: { path: '/miningMode', label: 'IR AL MODO DE MINERÍA' },
  },
]
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
    `Puedes tomar hasta ${DAILY_MISSIONS[index] ?? DAILY_MISSIONS[0]} misiones por día.`,
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
      lottery: {
        entryPrice: { ...LOTTERY_RULES.entryPrice },
        prize: { ...LOTTERY_RULES.prize },
        entriesPerPlayer: LOTTERY_RULES.entriesPerPlayer,
        drawWeekday: LOTTERY_RULES.drawWeekday,
        drawHour: LOTTERY_RULES.drawHour,
        pageSize: LOTTERY_RULES.pageSize,
      },
      music: {
        rewardPerPlay: { ...MUSIC_RULES.rewardPerPlay },
        dailyCap: MUSIC_RULES.dailyCap,
        minTrackSeconds: MUSIC_RULES.minTrackSeconds,
        maxPlaysPerTrackPerDay: MUSIC_RULES.maxPlaysPerTrackPerDay,
        maxPlaysPerHour: MUSIC_RULES.maxPlaysPerHour,
        maxStrikes: MUSIC_RULES.maxStrikes,
      },
      training: { prize: { ...TRAINING_RULES.prize } },
      shop: {
        products: SHOP_PRODUCTS.map((product) => ({
          ...product,
          benefits: [...product.benefits],
          obtain: { ...product.obtain },
        })),
      },
    },
  }
}

import { formatMoney } from '../../contract/money-text'
import type { BatteryRules, TerycarbonBatteryRules } from '../../contract/battery'
import type { GameConfig, SocialLink } from '../../contract/config'
import type { GemTransferRules, MarketRules } from '../../contract/market'
import { PAYMENT_METHODS, type PaymentMethod } from '../../contract/payments'
import type { TerydollarRules } from '../../contract/terydollar'
import type { TradingRules } from '../../contract/trading'
import type { CurrencyAmount } from '../../contract/currencies'
import type { ShopProduct } from '../../contract/shop'
import type { CouponMissionTemplate, CouponRules } from '../../contract/coupons'
import type { RankDetail } from '../../contract/rank'
import type { SignupLimits } from '../../contract/auth'
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
export const DAILY_MISSIONS = [3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 18, 20]

export const TEAM_GENERATIONS = 8
export const MAX_SOCIAL_ACCOUNTS = 1
/** Gems the parent receives when a player who signed up with their code first plays (decision 026). */
export const REFERRAL_REWARD_GEMS = 10
/**
 * Accounts created from one address, and from one device, in 24 hours. An address can be a whole
 * household or a mobile carrier's shared address, so it allows more than a device; a device id is
 * the browser's own (the one the mission rules use), cheap for a script to change, so the address
 * is the limit a script meets (issue 29: 60 accounts from one address in 92 s).
 */
export const SIGNUP_LIMITS: SignupLimits = { perAddressPerDay: 10, perDevicePerDay: 3 }
/** Terycarbons every new player receives at signup, to try the mine on day one. */
export const WELCOME_TERYCARBONS = 100

// The economy (docs/economy.md, "Economy"). A terydollar is worth one US dollar; a gem one US cent.

/** Buying terydollars: order bounds, the price with each method, the voucher, burning. */
export const TERYDOLLAR_RULES: TerydollarRules = {
  order: { min: 5, max: 1_000 },
  prices: [
    { method: 'btc', currency: 'USD', perTerydollar: 1 },
    { method: 'usdt', currency: 'USD', perTerydollar: 1 },
    { method: 'paypal', currency: 'USD', perTerydollar: 1 },
    { method: 'nequi', currency: 'COP', perTerydollar: 4_200 },
    { method: 'bancolombia', currency: 'COP', perTerydollar: 4_200 },
  ],
  voucher: { types: ['image/png', 'image/jpeg', 'image/webp'], maxBytes: 2_000_000 },
  burn: { gemsPerTerydollar: 90, amount: { min: 1, max: 10_000 } },
}

/** Where each method is paid: the account an order's payer sends the money to. */
export const PAYMENT_DESTINATIONS: Readonly<
  Record<PaymentMethod, { label: string; value: string }>
> = {
  btc: {
    label: 'Dirección Bitcoin (red Bitcoin)',
    value: 'bc1qtery0pagos7x2m4k9d3v8s6w5h0q2r4l6n8c0f',
  },
  usdt: { label: 'Dirección USDT (red TRON, TRC20)', value: 'TQteryPagosUsdt7x2m4k9d3v8s6w5h0q' },
  paypal: { label: 'Cuenta PayPal', value: 'pagos@terygame.com' },
  nequi: { label: 'Número Nequi', value: '3001234567' },
  bancolombia: { label: 'Cuenta de ahorros Bancolombia', value: '12345678901' },
}

/** Batteries: bought with terydollars, they produce gems by the day; melting gives some back. */
export const BATTERY_RULES: BatteryRules = {
  price: 10,
  meltValue: 7,
  gemsPerDay: 8,
  perOperation: { min: 1, max: 100 },
  maxBatteries: 1_000,
}

/** The terycarbon battery: paid with terycarbons, at once or in parts; it boosts every battery. */
export const TERYCARBON_BATTERY_RULES: TerycarbonBatteryRules = {
  price: 5_000,
  minPartial: 100,
  boostPercent: 25,
}

/** The trading board: sell offers of terydollars for gems. */
export const TRADING_RULES: TradingRules = {
  feePercent: 3,
  price: { min: 1, max: 10_000 },
  amount: { min: 1, max: 10_000 },
  maxOpenOffers: 5,
  pageSize: 10,
}

/** The market: gems converted to money and paid out to a wallet. */
export const MARKET_RULES: MarketRules = {
  centsPerGem: 1,
  feePercent: 5,
  gems: { min: 500, max: 100_000 },
}

/** How many of the player's latest conversions GET /api/market/{inventoryId} lists. */
export const MARKET_HISTORY_SIZE = 10

/** Gems sent to another player by code. */
export const GEM_TRANSFER_RULES: GemTransferRules = {
  amount: { min: 1, max: 50_000 },
  holdFrom: 5_000,
  holdHours: 24,
  pageSize: 10,
}
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
 * 8 generations (missions, videos, playlists, volta charge and their mines in gems mode). What a
 * player buys back is not earned (an express coupon's reward, a lottery prize, a conversion):
 * counting it would let terydollars buy a team's rank. A coupon's missions count, as missions.
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
 * Express coupons (docs/economy.md, "Express coupons"): bought with terydollars, activated when the
 * player wants to start, they give the player missions of their own for `durationHours`; claiming
 * the coupon once every mission is claimed in time pays `reward`, once.
 */
export const COUPON_RULES = {
  /** What a coupon costs, paid to `supply` through the ledger when it is bought. */
  price: { currency: 'terydollars', amount: 5 } satisfies CurrencyAmount,
  /** What claiming a completed coupon pays, from `supply`, once. */
  reward: { currency: 'gems', amount: 300 } satisfies CurrencyAmount,
  /** Hours from activation to claim every mission. */
  durationHours: 72,
  /**
   * The missions activating a coupon creates for the player alone (YouTube: a verified YouTube
   * account confirms them, as any social mission). Each pays its own gems on /missions.
   */
  missions: [
    {
      title: 'Exprés: suscríbete a Tery Express',
      description: 'Entra al canal de Tery Express y pulsa «Suscribirse».',
      network: 2,
      link: 'https://www.youtube.com/@terygame/express',
      reward: { currency: 'gems', amount: 8 },
    },
    {
      title: 'Exprés: dale me gusta al video del cupón',
      description: 'Mira el video «Cupones exprés en un minuto» y dale me gusta.',
      network: 2,
      link: 'https://www.youtube.com/@terygame/express/videos',
      reward: { currency: 'gems', amount: 6 },
    },
    {
      title: 'Exprés: comparte el canal con tu equipo',
      description: 'Comparte el canal con un jugador de tu equipo.',
      network: 2,
      link: 'https://www.youtube.com/@terygame/express/featured',
      reward: { currency: 'gems', amount: 6 },
    },
  ] satisfies readonly (CouponMissionTemplate & { link: string })[],
  /** Unfinished coupons (pending, active or claimable) a player may hold at once. */
  openPerPlayer: 1,
  /** Coupons GET /api/coupon lists. */
  historySize: 10,
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

/** Spanish sentences describing what a rank gives. */
export function rankBenefits(index: number): string[] {
  const percent = rankPercent(index)
  const benefits = [
    `Recibes el ${percent}% de las gemas que gana tu equipo en sus ${TEAM_GENERATIONS} generaciones.`,
    `Puedes tomar hasta ${dailyMissionsOf(index)} misiones por día.`,
    `Al alcanzarlo reclamas ${formatMoney({ currency: 'gems', amount: rankGems(index) })}, una sola vez.`,
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

/** The express coupon's rules as GET /api/config and GET /api/coupon serve them. */
export function couponRulesOf(): CouponRules {
  return {
    price: { ...COUPON_RULES.price },
    reward: { ...COUPON_RULES.reward },
    durationHours: COUPON_RULES.durationHours,
    missions: COUPON_RULES.missions.map(({ title, description, network, reward }) => ({
      title,
      description,
      network,
      reward: { ...reward },
    })),
    openPerPlayer: COUPON_RULES.openPerPlayer,
    historySize: COUPON_RULES.historySize,
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
      signup: { ...SIGNUP_LIMITS },
      earning: { ...EARNING_RULES, dailyMissions: [...DAILY_MISSIONS] },
      paymentMethods: [...PAYMENT_METHODS],
      terydollars: structuredClone(TERYDOLLAR_RULES),
      batteries: structuredClone(BATTERY_RULES),
      terycarbonBattery: { ...TERYCARBON_BATTERY_RULES },
      trading: structuredClone(TRADING_RULES),
      market: structuredClone(MARKET_RULES),
      gemTransfers: structuredClone(GEM_TRANSFER_RULES),
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
      coupon: couponRulesOf(),
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

import * as v from 'valibot'
import type { Currency } from './currencies'
import { formatMoney } from './money-text'
import { deviceIdField, deviceIdMessage } from './device'
import { requiredText, isoInstant } from './fields'
import { pageField, paginated } from './pagination'
import { balances } from './user'

/**
 * The Spanish words of this area, for its forms and its server answers alike. Kept here rather
 * than in ./messages.ts, which the entry chunk carries, so they load with the area's screens.
 */
export const missionMessages = {
  socialNetwork: 'Elige una red social válida',
  missionId: 'La misión no es válida',
  viewId: 'La reproducción no es válida',
  notificationId: 'La notificación no es válida',
  deviceId: deviceIdMessage,
  keyToClaim: 'La clave para reclamar no es válida',
  socialAccount: 'La cuenta es demasiado larga',
  accountRegistered: 'Recibimos tu cuenta. La revisaremos pronto.',
  accountTaken: 'Esa cuenta ya está registrada por otro jugador',
  accountExists: 'Ya registraste una cuenta en esta red social',
  missionNotFound: 'La misión no existe',
  missionAdded: 'Misión tomada. Cúmplela y luego verifícala.',
  missionAlreadyAdded: 'Ya tomaste esta misión',
  missionNotAdded: 'Primero toma la misión',
  missionNotClaimable: 'Esta misión aún no está lista para reclamar',
  missionAlreadyClaimed: 'Ya reclamaste esta misión',
  missionClaimed: 'Recompensa reclamada',
  dailyCapReached: 'Ya tomaste todas tus misiones de hoy. Vuelve mañana.',
  deviceDenied:
    'Este dispositivo ya se usa con demasiadas cuentas de Tery. Las misiones y los videos solo se pueden hacer desde tu propio dispositivo.',
  videoNotFound: 'El video no existe',
  videoDisabled: 'Este video está deshabilitado por un tiempo. Vuelve más tarde.',
  videoFinishedAlready: 'Ya terminaste este video',
  videoStarted: 'Reproducción iniciada',
  videoRestarted: 'Reproducción reiniciada',
  videoTooEarly:
    'Aún no termina el tiempo del video. Por intentar reclamar antes de tiempo, el video queda deshabilitado unos minutos.',
  videoWrongKey: 'La clave para reclamar no corresponde a esta reproducción',
  videoViewNotFound: 'La reproducción no existe',
  videoFinished: 'Video terminado',
  voltaClaimed: 'Carga volta reclamada',
  nothingToClaim: 'No tienes nada por reclamar todavía',
  referralClaimed: 'Ganancias de tus referidos reclamadas',
  notificationNotFound: 'La notificación no existe',
  notificationsViewed: 'Notificaciones marcadas como vistas',
} as const

/*
 * Earning: social accounts, social missions, video missions, playlists, volta charge, referral
 * earnings and notifications. The spec's constants (social account types and states, reward
 * kinds) and every request and answer of the /api/mission calls.
 */

/** Social account types as the spec numbers them. */
export const SOCIAL_ACCOUNT_TYPES = { YOUTUBE: 2, INSTAGRAM: 3, FACEBOOK: 4, TIK_TOK: 5 } as const
export type SocialNetworkType = (typeof SOCIAL_ACCOUNT_TYPES)[keyof typeof SOCIAL_ACCOUNT_TYPES]
export const SOCIAL_NETWORK_TYPES: readonly SocialNetworkType[] = [2, 3, 4, 5]

/**
 * Social account states: the spec's PENDING_TO_CHECK (2) and VERIFIED (3), and REJECTED (4), ours:
 * an operator refused the account, with a reason the player reads.
 */
export const SOCIAL_ACCOUNT_STATES = { PENDING_TO_CHECK: 2, VERIFIED: 3, REJECTED: 4 } as const
export type SocialAccountState = (typeof SOCIAL_ACCOUNT_STATES)[keyof typeof SOCIAL_ACCOUNT_STATES]

/** Reward kinds as the spec names them. */
export const REWARD_KINDS = ['GEMS', 'TERYCARBONS', 'VOLTA_CHARGE'] as const
export type RewardKind = (typeof REWARD_KINDS)[number]

/** The currency each of the spec's reward kinds pays in. */
const REWARD_CURRENCIES: Record<RewardKind, Currency> = {
  GEMS: 'gems',
  TERYCARBONS: 'terycarbons',
  VOLTA_CHARGE: 'voltaCharge',
}

/**
 * A reward as a player reads it, in the server's notifications and on screen alike: '1 gema',
 * '1.250 terycarbonos', '5 de carga volta' (formatMoney's).
 */
export function describeReward({ kind, amount }: { kind: RewardKind; amount: number }): string {
  return formatMoney({ currency: REWARD_CURRENCIES[kind], amount })
}

/**
 * A social network players register an account on, and how they may write it: their handle or
 * the address of their profile. `pattern` accepts both; `normalizeSocialAccount` turns either into
 * the one form the server stores and compares (so `@Tery` and `https://tiktok.com/@tery` are the
 * same account).
 */
export type SocialNetwork = {
  type: SocialNetworkType
  /** The network's key in addresses (`/missions?red=youtube`). */
  key: 'youtube' | 'instagram' | 'facebook' | 'tiktok'
  name: string
  /** What the player writes, shown as the input's example. */
  example: string
  /** Handle or profile address; group 1 or 2 holds the handle. */
  pattern: RegExp
  /** The Spanish message when the text matches neither form. */
  message: string
}

export const SOCIAL_NETWORKS: readonly SocialNetwork[] = [
  {
    type: 2,
    key: 'youtube',
    name: 'YouTube',
    example: '@tucanal o https://www.youtube.com/@tucanal',
    pattern:
      /^(?:(@[A-Za-z0-9._-]{3,30})|(?:https?:\/\/)?(?:www\.|m\.)?youtube\.com\/(@[A-Za-z0-9._-]{3,30}|channel\/UC[A-Za-z0-9_-]{22})\/?)$/,
    message: 'Escribe tu canal de YouTube como @tucanal o con el enlace de tu canal',
  },
  {
    type: 3,
    key: 'instagram',
    name: 'Instagram',
    example: '@tuusuario o https://www.instagram.com/tuusuario',
    pattern:
      /^(?:@?([A-Za-z0-9._]{1,30})|(?:https?:\/\/)?(?:www\.)?instagram\.com\/([A-Za-z0-9._]{1,30})\/?)$/,
    message: 'Escribe tu usuario de Instagram (@tuusuario) o el enlace de tu perfil',
  },
  {
    type: 4,
    key: 'facebook',
    name: 'Facebook',
    example: 'https://www.facebook.com/tuusuario',
    pattern:
      /^(?:([A-Za-z0-9.]{5,50})|(?:https?:\/\/)?(?:www\.|m\.)?facebook\.com\/([A-Za-z0-9.]{5,50}|profile\.php\?id=\d{5,20})\/?)$/,
    message: 'Escribe tu usuario de Facebook o el enlace de tu perfil (facebook.com/tuusuario)',
  },
  {
    type: 5,
    key: 'tiktok',
    name: 'TikTok',
    example: '@tuusuario o https://www.tiktok.com/@tuusuario',
    pattern:
      /^(?:@?([A-Za-z0-9._]{2,24})|(?:https?:\/\/)?(?:www\.|m\.)?tiktok\.com\/@([A-Za-z0-9._]{2,24})\/?)$/,
    message: 'Escribe tu usuario de TikTok (@tuusuario) o el enlace de tu perfil',
  },
]

export function socialNetwork(type: SocialNetworkType): SocialNetwork {
  const found = SOCIAL_NETWORKS.find((network) => network.type === type)
  if (!found) throw new RangeError(`Unknown social network ${type}`)
  return found
}

/**
 * The account as stored and compared: `@handle` (YouTube, Instagram, TikTok; lowercase),
 * `channel/UC...` for a YouTube channel id (ids are case sensitive), the Facebook username in
 * lowercase or `profile.php?id=...`. Null when the text is neither a handle nor a profile address.
 */
export function normalizeSocialAccount(type: SocialNetworkType, text: string): string | null {
  const network = socialNetwork(type)
  const match = network.pattern.exec(text.trim())
  const found = match?.[1] ?? match?.[2]
  if (!found) return null
  if (found.startsWith('channel/') || found.startsWith('profile.php')) return found
  const handle = found.toLowerCase()
  return network.key === 'facebook' || handle.startsWith('@') ? handle : `@${handle}`
}

/** The registration form of one network: required, then the network's handle or address. */
export function socialAccountForm(type: SocialNetworkType) {
  const network = socialNetwork(type)
  return v.object({
    account: v.pipe(
      requiredText,
      v.maxLength(200, missionMessages.socialAccount),
      v.regex(network.pattern, network.message),
    ),
  })
}

const networkTypeField = v.picklist(SOCIAL_NETWORK_TYPES, missionMessages.socialNetwork)
const uuidField = (message: string) => v.pipe(v.string(message), v.uuid(message))

/** POST /api/mission/account: the network's type (2 to 5) and the handle or profile address. */
export const registerAccountBody = v.object({
  type: networkTypeField,
  account: v.pipe(requiredText, v.maxLength(200, missionMessages.socialAccount)),
})
export type RegisterAccountBody = v.InferOutput<typeof registerAccountBody>

/** A player's social account; `rejectionReason` is the operator's words when rejected (4). */
export const socialAccount = v.object({
  id: v.string(),
  type: v.picklist(SOCIAL_NETWORK_TYPES),
  account: v.string(),
  state: v.picklist([2, 3, 4] as const),
  rejectionReason: v.nullable(v.string()),
  /** ISO 8601 instant. */
  createdAt: v.string(),
})
export type SocialAccount = v.InferOutput<typeof socialAccount>

export const pageQuery = v.object({ page: pageField })

/** GET /api/mission/available?type&page */
export const availableQuery = v.object({
  type: v.picklist(['2', '3', '4', '5'], missionMessages.socialNetwork),
  page: pageField,
})

export const reward = v.object({ kind: v.picklist(REWARD_KINDS), amount: v.number() })
export type Reward = v.InferOutput<typeof reward>

/** Where a player is with a social mission. */
export const MISSION_STATES = ['pending', 'added', 'claimable', 'claimed'] as const
export type MissionState = (typeof MISSION_STATES)[number]

/** A social mission as one player sees it. */
export const mission = v.object({
  id: v.string(),
  type: v.picklist(SOCIAL_NETWORK_TYPES),
  title: v.string(),
  description: v.string(),
  /** The post, channel or profile the player acts on. */
  link: v.string(),
  reward,
  state: v.picklist(MISSION_STATES),
  /** Who gave the player this mission: everyone's list, or a coupon that activated it for them. */
  source: v.picklist(['player', 'coupon'] as const),
})
export type Mission = v.InferOutput<typeof mission>
export const missionPage = paginated(mission)

export const missionIdParams = v.object({ id: uuidField(missionMessages.missionId) })
export const missionIdBody = v.object({ missionId: uuidField(missionMessages.missionId) })

/** POST /api/mission/add: the mission, from this device (checkAccess's rule applies). */
export const addMissionBody = v.object({
  missionId: uuidField(missionMessages.missionId),
  deviceId: deviceIdField,
})
export type AddMissionBody = v.InferOutput<typeof addMissionBody>

export const addedMission = v.object({ mission, remainingToday: v.number() })
export type AddedMission = v.InferOutput<typeof addedMission>

/**
 * GET /api/mission/{id}/check: whether the network shows the player's action. Not yet: the
 * mission stays `added`, with a message and the seconds before it is worth checking again.
 */
export const missionCheck = v.object({
  mission,
  message: v.nullable(v.string()),
  retryInSeconds: v.number(),
})
export type MissionCheck = v.InferOutput<typeof missionCheck>

/** The refusal of a mission of a network where the player has no verified account. */
export function needsVerifiedAccount(type: SocialNetworkType): string {
  return `Necesitas una cuenta de ${socialNetwork(type).name} verificada para tomar esta misión`
}

/** POST /api/mission/claim: the reward paid, and the player's new balances. */
export const claimedMission = v.object({
  mission: v.object({ id: v.string(), title: v.string() }),
  reward,
  balances,
})
export type ClaimedMission = v.InferOutput<typeof claimedMission>

/** GET /api/mission/maxMissionsPerDay: the daily cap of the player's rank, counted in Bogota days. */
export const dailyMissions = v.object({
  maxMissionsPerDay: v.number(),
  takenToday: v.number(),
  remaining: v.number(),
})
export type DailyMissions = v.InferOutput<typeof dailyMissions>

/** GET /api/mission/video/amount: what the player can still watch. */
export const videoAmount = v.object({ videos: v.number(), playList: v.number() })
export type VideoAmount = v.InferOutput<typeof videoAmount>

/** GET /api/mission/checkAccess?deviceId */
export const checkAccessQuery = v.object({ deviceId: deviceIdField })
export const missionAccess = v.object({ allowed: v.boolean(), message: v.nullable(v.string()) })
export type MissionAccess = v.InferOutput<typeof missionAccess>

/** Where a player is with a video. */
export const VIDEO_STATUSES = ['available', 'playing', 'claimable', 'finished', 'disabled'] as const
export type VideoStatus = (typeof VIDEO_STATUSES)[number]

/** A video mission as one player sees it. */
export const videoMission = v.object({
  id: v.string(),
  title: v.string(),
  description: v.string(),
  /** The clip's address (same origin). */
  src: v.string(),
  durationSeconds: v.number(),
  reward,
  /** The playlist it belongs to, and the volta charge finishing it adds to the player's charge. */
  playlistId: v.nullable(v.string()),
  volta: v.number(),
  status: v.picklist(VIDEO_STATUSES),
  /** While `disabled`: seconds until it can be played again, when the server answered. */
  secondsUntilEnabled: v.nullable(v.number()),
  /** While `disabled`: when it can be played again. A countdown reads it against the clock. */
  enabledAt: v.nullable(isoInstant),
})
export type VideoMission = v.InferOutput<typeof videoMission>
export const videoPage = paginated(videoMission)

/**
 * A playlist as one player sees it: its videos, and the reward it pays once they are all
 * finished (with the last finish, in the same transaction).
 */
export const playlist = v.object({
  id: v.string(),
  title: v.string(),
  description: v.string(),
  reward,
  /** Volta charge each finished video of the list adds to the player's charge. */
  volta: v.number(),
  videos: v.array(videoMission),
  finishedVideos: v.number(),
  state: v.picklist(['inProgress', 'completed'] as const),
})
export type Playlist = v.InferOutput<typeof playlist>
export const playlistPage = paginated(playlist)

export const videoIdParams = v.object({ id: uuidField(missionMessages.missionId) })
export const videoMissionIdParams = v.object({ missionId: uuidField(missionMessages.missionId) })
export const viewIdParams = v.object({ viewId: uuidField(missionMessages.viewId) })

/** POST /api/mission/video/{missionId}/play */
export const playVideoBody = v.object({ deviceId: deviceIdField })

/**
 * An open view: its id, the key that finish must send back, and the seconds still to watch on
 * the server's clock.
 */
export const videoView = v.object({
  missionVideoViewId: v.string(),
  keyToClaim: v.string(),
  secondsLeft: v.number(),
})
export type VideoView = v.InferOutput<typeof videoView>

/** GET /api/mission/video/{id}/check: the video, and the player's open view if there is one. */
export const videoCheck = v.object({ video: videoMission, view: v.nullable(videoView) })
export type VideoCheck = v.InferOutput<typeof videoCheck>

/** POST /api/mission/video/{viewId}/finish */
export const finishVideoBody = v.object({
  keyToClaim: v.pipe(
    v.string(missionMessages.keyToClaim),
    v.regex(/^[A-Za-z0-9_-]{16,128}$/, missionMessages.keyToClaim),
  ),
})
export type FinishVideoBody = v.InferOutput<typeof finishVideoBody>

export const finishedVideo = v.object({
  video: videoMission,
  reward,
  /** Volta charge added to the player's charge (playlist videos), claimed on /voltaCharge. */
  volta: v.number(),
  /** The playlist this finish completed, and the reward it paid; null otherwise. */
  playlist: v.nullable(v.object({ title: v.string(), reward })),
  balances,
})
export type FinishedVideo = v.InferOutput<typeof finishedVideo>

/** A reward waiting to be claimed: volta charge, or the share of a referral's claims. */
export const pendingReward = v.object({
  amount: v.number(),
  entries: v.array(v.object({ label: v.string(), amount: v.number(), createdAt: v.string() })),
})
export type PendingReward = v.InferOutput<typeof pendingReward>

export const claimedReward = v.object({ claimed: v.number(), balances })
export type ClaimedReward = v.InferOutput<typeof claimedReward>

export const notification = v.object({
  id: v.string(),
  message: v.string(),
  /** ISO 8601 instant. */
  createdAt: v.string(),
  viewed: v.boolean(),
})
export type Notification = v.InferOutput<typeof notification>
export const notificationPage = paginated(notification)

/** The count of notifications the player has not seen. */
export const notificationCount = v.object({ count: v.number() })
export type NotificationCount = v.InferOutput<typeof notificationCount>

/** POST /api/user/view/notification */
export const viewNotificationBody = v.object({
  notificationId: v.pipe(
    v.string(missionMessages.notificationId),
    v.regex(/^[1-9]\d{0,17}$/, missionMessages.notificationId),
  ),
})

/** An empty JSON object: the body of the POSTs and PATCHes that need no input. */
export const emptyBody = v.object({})

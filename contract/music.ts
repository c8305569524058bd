import * as v from 'valibot'
import { deviceIdField } from './device'
import { currencyAmount, emailField, isoInstant } from './fields'
import { validationMessages as m } from './messages'
import { balances } from './user'

/**
 * The music section's Spanish messages: its refusals and answers, and its field rules. They live with the area, not in
 * contract/messages.ts, so the entry chunk (which carries that module) does not grow with them.
 */
export const musicMessages = {
  amount: 'El monto por reclamar debe ser un número entero mayor que cero',
  emailSaved: 'Guardamos el correo de tu cuenta de música',
  emailTaken: 'Esa cuenta de música ya está vinculada a otro jugador',
  alreadyLinked: 'Tu cuenta de música ya está vinculada',
  needsEmail: 'Primero registra el correo de tu cuenta de música',
  notLinked: 'Primero vincula tu cuenta de música',
  linked: '¡Tu cuenta de música quedó vinculada!',
  linkExpired: 'La vinculación venció o no es válida. Inténtalo de nuevo desde Música.',
  linkDenied: 'No autorizaste la vinculación de tu cuenta de música',
  accountMismatch: 'La cuenta que autorizaste no tiene el correo que registraste',
  providerFailed: 'El servicio de música no respondió. Intenta de nuevo en unos minutos.',
  blocked: 'Desactiva tu VPN o proxy para usar la sección de música',
  sharedDevice:
    'Este dispositivo ya se usa para la música de otra cuenta de Tery. Usa tu propio dispositivo.',
  suspended: 'Las recompensas de música están suspendidas por reproducciones irregulares',
  synced: 'Sincronizamos tus reproducciones',
  audited: 'Revisamos tus reproducciones',
  accumulated: 'Tu recompensa acumulada está al día',
  nothingToClaim: 'No tienes recompensas de música por reclamar',
  amountChanged: 'Tu recompensa cambió. Revisa el nuevo monto y vuelve a reclamar.',
  claimed: '¡Recompensa de música reclamada!',
  strikeSeen: 'Aviso leído',
} as const

/** The music providers: `local` simulates one on this server (the default, offline); `spotify`. */
export const MUSIC_PROVIDERS = ['local', 'spotify'] as const
export type MusicProviderName = (typeof MUSIC_PROVIDERS)[number]

/** ?deviceId= of GET /api/spotify/checkAccess and POST /api/spotify/sync: the device the player listens from. */
export const musicDeviceQuery = v.object({ deviceId: deviceIdField })

const oauthValue = v.pipe(v.string(m.text), v.maxLength(2048, m.text))

/**
 * GET /api/spotify/login?{query}: without `code`, asks where to authorize; with the provider's
 * callback query (`code` and `state`, or `error`), finishes linking.
 */
export const musicLoginQuery = v.object({
  code: v.optional(oauthValue),
  state: v.optional(oauthValue),
  error: v.optional(oauthValue),
})
export type MusicLoginQuery = v.InferOutput<typeof musicLoginQuery>

/** data of GET /api/spotify/login: where the browser goes next (the provider, or back to /music). */
export const musicLogin = v.object({ url: v.string() })
export type MusicLogin = v.InferOutput<typeof musicLogin>

/** POST /api/spotify/linkSpotifyEmail: the email of the music account the player will link. */
export const linkMusicEmailBody = v.object({ email: emailField })

/** POST /api/spotify/claimReward: the amount the player saw, which must still be what is due. */
export const claimMusicRewardBody = v.object({
  amount: v.pipe(
    v.number(musicMessages.amount),
    v.integer(musicMessages.amount),
    v.minValue(1, musicMessages.amount),
    v.maxValue(1_000_000, musicMessages.amount),
  ),
})
export type ClaimMusicRewardBody = v.InferOutput<typeof claimMusicRewardBody>

/** `unlinked`: nothing yet; `emailSaved`: the account's email is registered; `linked`. */
export const MUSIC_LINK_STATES = ['unlinked', 'emailSaved', 'linked'] as const

/** data of most music calls: the player's music section as it stands. */
export const musicStatus = v.object({
  provider: v.picklist(MUSIC_PROVIDERS),
  /** The local provider simulates linking and listening: the screen says so. */
  simulated: v.boolean(),
  link: v.object({
    state: v.picklist(MUSIC_LINK_STATES),
    email: v.nullable(v.string()),
    /** The name the provider knows the account by. */
    accountName: v.nullable(v.string()),
    linkedAt: v.nullable(isoInstant),
    lastSyncedAt: v.nullable(isoInstant),
  }),
  /** Plays synced and not audited yet. */
  pendingPlays: v.number(),
  /** The accumulated reward, ready to claim. */
  claimable: v.object({ plays: v.number(), reward: currencyAmount }),
  /** What music paid or set aside today (Bogota), against the daily cap. */
  today: v.object({ earned: v.number(), cap: v.number() }),
  strikes: v.object({ count: v.number(), max: v.number(), unseen: v.boolean() }),
})
export type MusicStatus = v.InferOutput<typeof musicStatus>

/** Why a device may not use the music section. */
export const ACCESS_REFUSALS = ['proxy', 'sharedDevice', 'suspended'] as const
export type AccessRefusal = (typeof ACCESS_REFUSALS)[number]

/** data of GET /api/spotify/checkAccess. */
export const musicAccess = v.object({
  allowed: v.boolean(),
  reason: v.nullable(v.picklist(ACCESS_REFUSALS)),
  status: musicStatus,
})
export type MusicAccess = v.InferOutput<typeof musicAccess>

/** data of POST /api/spotify/sync: how many new plays the provider had. */
export const musicSyncResult = v.object({ imported: v.number(), status: musicStatus })
export type MusicSyncResult = v.InferOutput<typeof musicSyncResult>

/** data of POST /api/spotify/checkAudit: the pending plays accepted and rejected, and any strike. */
export const musicAuditResult = v.object({
  accepted: v.number(),
  rejected: v.number(),
  strike: v.boolean(),
  status: musicStatus,
})
export type MusicAuditResult = v.InferOutput<typeof musicAuditResult>

export const claimMusicRewardResult = v.object({
  reward: currencyAmount,
  status: musicStatus,
  balances,
})
export type ClaimMusicRewardResult = v.InferOutput<typeof claimMusicRewardResult>

/** What happened to a play: waiting for the audit, accepted, rejected, ready to claim, paid. */
export const PLAY_STATES = ['pending', 'accepted', 'rejected', 'claimable', 'claimed'] as const
/** Why the audit rejected a play. */
export const PLAY_REJECTIONS = ['short', 'repeated', 'tooFast', 'dailyCap'] as const

export const musicPlay = v.object({
  id: v.number(),
  trackName: v.string(),
  artistName: v.string(),
  playedAt: isoInstant,
  state: v.picklist(PLAY_STATES),
  reason: v.nullable(v.picklist(PLAY_REJECTIONS)),
  /** What the play earns (0 until it is ready to claim). */
  amount: v.number(),
})
export type MusicPlay = v.InferOutput<typeof musicPlay>

/** data of GET /api/spotify/recentlyPlayed: the player's latest plays, newest first. */
export const recentlyPlayed = v.object({ plays: v.array(musicPlay) })
export type RecentlyPlayed = v.InferOutput<typeof recentlyPlayed>

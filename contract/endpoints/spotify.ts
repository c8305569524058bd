import {
  claimMusicRewardBody,
  claimMusicRewardResult,
  linkMusicEmailBody,
  musicAccess,
  musicAuditResult,
  musicLogin as musicLoginAnswer,
  musicLoginQuery,
  musicMessages,
  musicDeviceQuery,
  musicStatus,
  musicSyncResult,
  recentlyPlayed,
} from '../music'
import { defineEndpoint, type EndpointError } from '../endpoint'

const accessErrors: EndpointError[] = [
  {
    status: 403,
    message: musicMessages.blocked,
    when: 'The request came through a proxy that is not ours (a VPN or proxy).',
  },
  {
    status: 403,
    message: musicMessages.suspended,
    when: 'The player reached the maximum of strikes.',
  },
]

const notLinked: EndpointError = {
  status: 409,
  message: musicMessages.notLinked,
  when: 'The player has not linked a music account.',
}

const providerFailed: EndpointError = {
  status: 503,
  message: musicMessages.providerFailed,
  when: 'The music provider could not be reached or refused.',
}

export const checkMusicAccess = defineEndpoint({
  method: 'GET',
  path: '/api/spotify/checkAccess',
  summary: 'Whether this device may use the music section, and the section as it stands.',
  description:
    'Refused (`allowed: false`) when the request came through a proxy that is not ours (`proxy`), when the player reached the maximum of strikes (`suspended`), or when the device is bound to another player (`sharedDevice`): a device is bound to the first player who syncs plays from it (POST /api/spotify/sync). The page shows the VPN warning. Read only: asking writes nothing, so a link from another site or a shared computer cannot take a device.',
  auth: 'session',
  query: musicDeviceQuery,
  response: musicAccess,
})

export const saveMusicEmail = defineEndpoint({
  method: 'POST',
  path: '/api/spotify/linkSpotifyEmail',
  summary: 'Registers the email of the music account the player will link.',
  description: 'It can change until the account is linked. One account per player.',
  auth: 'session',
  body: linkMusicEmailBody,
  response: musicStatus,
  message: musicMessages.emailSaved,
  errors: [
    {
      status: 409,
      message: musicMessages.emailTaken,
      when: 'Another player registered this account.',
    },
    {
      status: 409,
      message: musicMessages.alreadyLinked,
      when: 'The player already linked an account.',
    },
  ],
})

export const musicLogin = defineEndpoint({
  method: 'GET',
  path: '/api/spotify/login',
  summary: 'Starts or finishes linking the music account (OAuth authorization code flow).',
  description:
    "Without `code`: answers the provider's authorization URL, with a single-use `state` valid for 10 minutes. With the callback's query (`code` and `state`, or `error`), as /music/callback received it: checks the state, exchanges the code, links the account (its email must be the registered one) and answers `/music`. A GET because the spec names it so; the state bound to the player's session is what keeps another site from linking an account to them.",
  auth: 'session',
  query: musicLoginQuery,
  response: musicLoginAnswer,
  errors: [
    {
      status: 409,
      message: musicMessages.needsEmail,
      when: 'No account email is registered yet.',
    },
    {
      status: 409,
      message: musicMessages.alreadyLinked,
      when: 'The player already linked an account.',
    },
    {
      status: 400,
      message: musicMessages.linkExpired,
      when: 'The state is unknown, used or expired, or the code is missing.',
    },
    {
      status: 400,
      message: musicMessages.linkDenied,
      when: 'The player refused the authorization at the provider.',
    },
    {
      status: 409,
      message: musicMessages.accountMismatch,
      when: "The authorized account's email is not the registered one.",
    },
    {
      status: 409,
      message: musicMessages.emailTaken,
      when: 'Another player linked this account.',
    },
    providerFailed,
  ],
})

export const syncMusic = defineEndpoint({
  method: 'POST',
  path: '/api/spotify/sync',
  summary: "Brings in the provider's latest plays (each play once), from this device.",
  description:
    'The first player who syncs from a device binds it; another player syncing from it is refused and nothing is written.',
  auth: 'session',
  query: musicDeviceQuery,
  response: musicSyncResult,
  message: musicMessages.synced,
  errors: [
    ...accessErrors,
    {
      status: 403,
      message: musicMessages.sharedDevice,
      when: 'The device is bound to another player.',
    },
    notLinked,
    providerFailed,
  ],
})

export const auditMusic = defineEndpoint({
  method: 'POST',
  path: '/api/spotify/checkAudit',
  summary: 'Audits the pending plays: accepts or rejects each, and may give a strike.',
  description:
    'Rejected: tracks shorter than the minimum, a track past its daily repeats, and plays faster than anyone listens (which also give a strike). The numbers are in GET /api/config `rules.music`.',
  auth: 'session',
  response: musicAuditResult,
  message: musicMessages.audited,
  errors: [...accessErrors, notLinked],
})

export const accumulateMusicReward = defineEndpoint({
  method: 'POST',
  path: '/api/spotify/pendingToClaim',
  summary: 'Turns the accepted plays into the claimable reward, up to the daily cap.',
  auth: 'session',
  response: musicStatus,
  message: musicMessages.accumulated,
  errors: [...accessErrors, notLinked],
})

export const getRecentlyPlayed = defineEndpoint({
  method: 'GET',
  path: '/api/spotify/recentlyPlayed',
  summary: "The player's latest synced plays, newest first, with what the audit decided.",
  auth: 'session',
  response: recentlyPlayed,
})

export const claimMusicReward = defineEndpoint({
  method: 'POST',
  path: '/api/spotify/claimReward',
  summary: 'Claims the accumulated music reward, once.',
  description:
    '`amount` is what the player saw; if the reward changed meanwhile nothing is paid. The reward moves from `supply` to the player (`music.reward`).',
  auth: 'session',
  body: claimMusicRewardBody,
  response: claimMusicRewardResult,
  message: musicMessages.claimed,
  errors: [
    ...accessErrors,
    {
      status: 409,
      message: musicMessages.nothingToClaim,
      when: 'There is no claimable reward (or a concurrent claim took it).',
    },
    {
      status: 409,
      message: musicMessages.amountChanged,
      when: 'The claimable reward is not the amount sent.',
    },
  ],
  money: [{ currency: 'terycarbons', direction: 'in' }],
})

export const acknowledgeMusicStrike = defineEndpoint({
  method: 'POST',
  path: '/api/spotify/showStrikeNotification',
  summary: 'Records that the player read the strike notice.',
  auth: 'session',
  response: musicStatus,
  message: musicMessages.strikeSeen,
})

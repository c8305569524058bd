import { Hono } from 'hono'
import {
  checkAccessQuery,
  claimMusicRewardBody,
  claimMusicRewardResult,
  linkMusicEmailBody,
  musicAccess,
  musicAuditResult,
  musicLogin,
  musicLoginQuery,
  musicStatus,
  musicSyncResult,
  recentlyPlayed,
  musicMessages,
} from '../../../contract/music'
import type { RouteDeps } from '../../http/deps'
import { endpoint, type EndpointError } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import { isRelayed, type AppEnv } from '../../http/request-context'
import { validate } from '../../http/validate'
import {
  accumulateReward,
  acknowledgeStrike,
  auditPlays,
  checkAccess,
  claimReward,
  completeAuthorization,
  recentPlays,
  requireAccess,
  saveMusicEmail,
  startAuthorization,
  syncPlays,
} from '../../services/music/music'
import type { MusicProvider } from '../../services/music/provider'

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

/** The music section (the spec's /api/spotify group), over the configured provider. */
export function spotifyRoutes({
  db,
  now,
  trustProxy,
  provider,
}: RouteDeps & { provider: MusicProvider }) {
  return new Hono<AppEnv>()
    .get(
      '/checkAccess',
      endpoint({
        summary: 'Whether this device may use the music section, and the section as it stands.',
        description:
          'Refused (`allowed: false`) when the request came through a proxy that is not ours (`proxy`), when the player reached the maximum of strikes (`suspended`), or when the device is bound to another player (`sharedDevice`): a device is bound to the first player who opens the section on it. The page shows the VPN warning.',
        auth: 'session',
        response: musicAccess,
      }),
      validate('query', checkAccessQuery),
      async (c) =>
        reply(
          c,
          await checkAccess(db, provider, c.var.user.id, {
            deviceId: c.req.valid('query').deviceId,
            proxied: isRelayed(c, trustProxy),
            now: now(),
          }),
        ),
    )
    .post(
      '/linkSpotifyEmail',
      endpoint({
        summary: 'Registers the email of the music account the player will link.',
        description: 'It can change until the account is linked. One account per player.',
        auth: 'session',
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
      }),
      validate('json', linkMusicEmailBody),
      async (c) =>
        reply(
          c,
          await saveMusicEmail(db, provider, c.var.user.id, c.req.valid('json').email, now()),
        ),
    )
    .get(
      '/login',
      endpoint({
        summary: 'Starts or finishes linking the music account (OAuth authorization code flow).',
        description:
          "Without `code`: answers the provider's authorization URL, with a single-use `state` valid for 10 minutes. With the callback's query (`code` and `state`, or `error`), as /music/callback received it: checks the state, exchanges the code, links the account (its email must be the registered one) and answers `/music`. A GET because the spec names it so; the state bound to the player's session is what keeps another site from linking an account to them.",
        auth: 'session',
        response: musicLogin,
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
      }),
      validate('query', musicLoginQuery),
      async (c) => {
        const query = c.req.valid('query')
        const userId = c.var.user.id
        const finishing = query.code !== undefined || query.error !== undefined
        return reply(
          c,
          finishing
            ? await completeAuthorization(db, provider, userId, query, now())
            : await startAuthorization(db, provider, userId, now()),
        )
      },
    )
    .post(
      '/sync',
      endpoint({
        summary: "Brings in the provider's latest plays (each play once).",
        auth: 'session',
        response: musicSyncResult,
        message: musicMessages.synced,
        errors: [...accessErrors, notLinked, providerFailed],
      }),
      async (c) => {
        await requireAccess(db, c.var.user.id, isRelayed(c, trustProxy))
        return reply(c, await syncPlays(db, provider, c.var.user.id, now()))
      },
    )
    .post(
      '/checkAudit',
      endpoint({
        summary: 'Audits the pending plays: accepts or rejects each, and may give a strike.',
        description:
          'Rejected: tracks shorter than the minimum, a track past its daily repeats, and plays faster than anyone listens (which also give a strike). The numbers are in GET /api/config `rules.music`.',
        auth: 'session',
        response: musicAuditResult,
        message: musicMessages.audited,
        errors: [...accessErrors, notLinked],
      }),
      async (c) => {
        await requireAccess(db, c.var.user.id, isRelayed(c, trustProxy))
        return reply(c, await auditPlays(db, provider, c.var.user.id, now()))
      },
    )
    .post(
      '/pendingToClaim',
      endpoint({
        summary: 'Turns the accepted plays into the claimable reward, up to the daily cap.',
        auth: 'session',
        response: musicStatus,
        message: musicMessages.accumulated,
        errors: [...accessErrors, notLinked],
      }),
      async (c) => {
        await requireAccess(db, c.var.user.id, isRelayed(c, trustProxy))
        return reply(c, await accumulateReward(db, provider, c.var.user.id, now()))
      },
    )
    .get(
      '/recentlyPlayed',
      endpoint({
        summary: "The player's latest synced plays, newest first, with what the audit decided.",
        auth: 'session',
        response: recentlyPlayed,
      }),
      async (c) => reply(c, await recentPlays(db, c.var.user.id)),
    )
    .post(
      '/claimReward',
      endpoint({
        summary: 'Claims the accumulated music reward, once.',
        description:
          '`amount` is what the player saw; if the reward changed meanwhile nothing is paid. The reward moves from `supply` to the player (`music.reward`).',
        auth: 'session',
        response: claimMusicRewardResult,
        message: musicMessages.claimed,
        money: [{ currency: 'terycarbons', direction: 'in' }],
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
      }),
      validate('json', claimMusicRewardBody),
      idempotent(db),
      async (c) => {
        await requireAccess(c.var.db, c.var.user.id, isRelayed(c, trustProxy))
        return reply(
          c,
          await claimReward(c.var.db, provider, c.var.user.id, c.req.valid('json').amount, now()),
        )
      },
    )
    .post(
      '/showStrikeNotification',
      endpoint({
        summary: 'Records that the player read the strike notice.',
        auth: 'session',
        response: musicStatus,
        message: musicMessages.strikeSeen,
      }),
      async (c) => reply(c, await acknowledgeStrike(db, provider, c.var.user.id, now())),
    )
}

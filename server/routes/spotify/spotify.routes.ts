import { Hono } from 'hono'
import * as spotify from '../../../contract/endpoints/spotify'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import { isRelayed, type AppEnv } from '../../http/request-context'
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

/** The music section (the spec's /api/spotify group), over the configured provider. */
export function spotifyRoutes({
  db,
  now,
  trustProxy,
  provider,
}: RouteDeps & { provider: MusicProvider }) {
  return new Hono<AppEnv>()
    .get(...endpoint(spotify.checkMusicAccess), async (c) =>
      reply(
        c,
        await checkAccess(db, provider, c.var.user.id, {
          deviceId: c.req.valid('query').deviceId,
          proxied: isRelayed(c, trustProxy),
          now: now(),
        }),
      ),
    )
    .post(...endpoint(spotify.saveMusicEmail), async (c) =>
      reply(c, await saveMusicEmail(db, provider, c.var.user.id, c.req.valid('json').email, now())),
    )
    .get(...endpoint(spotify.musicLogin), async (c) => {
      const query = c.req.valid('query')
      const userId = c.var.user.id
      const finishing = query.code !== undefined || query.error !== undefined
      return reply(
        c,
        finishing
          ? await completeAuthorization(db, provider, userId, query, now())
          : await startAuthorization(db, provider, userId, now()),
      )
    })
    .post(...endpoint(spotify.syncMusic), async (c) => {
      await requireAccess(db, c.var.user.id, isRelayed(c, trustProxy))
      const { deviceId } = c.req.valid('query')
      return reply(c, await syncPlays(db, provider, c.var.user.id, deviceId, now()))
    })
    .post(...endpoint(spotify.auditMusic), async (c) => {
      await requireAccess(db, c.var.user.id, isRelayed(c, trustProxy))
      return reply(c, await auditPlays(db, provider, c.var.user.id, now()))
    })
    .post(...endpoint(spotify.accumulateMusicReward), async (c) => {
      await requireAccess(db, c.var.user.id, isRelayed(c, trustProxy))
      return reply(c, await accumulateReward(db, provider, c.var.user.id, now()))
    })
    .get(...endpoint(spotify.getRecentlyPlayed), async (c) =>
      reply(c, await recentPlays(db, c.var.user.id)),
    )
    .post(...endpoint(spotify.claimMusicReward), idempotent(db), async (c) => {
      await requireAccess(c.var.db, c.var.user.id, isRelayed(c, trustProxy))
      return reply(
        c,
        await claimReward(c.var.db, provider, c.var.user.id, c.req.valid('json').amount, now()),
      )
    })
    .post(...endpoint(spotify.acknowledgeMusicStrike), async (c) =>
      reply(c, await acknowledgeStrike(db, provider, c.var.user.id, now())),
    )
}

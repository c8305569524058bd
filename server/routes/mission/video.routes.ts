import { Hono } from 'hono'
import * as mission from '../../../contract/endpoints/mission'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import type { AppEnv } from '../../http/request-context'
import { claimPending, getPending } from '../../services/missions'
import { pageNumber } from '../../../contract/pagination'
import {
  checkVideo,
  countAvailable,
  finishVideo,
  listPlaylists,
  listVideos,
  playVideo,
  restartVideo,
} from '../../services/videos'

/** Video missions, playlists and the volta charge they build up: /api/mission. */
export function videoRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .get(...endpoint(mission.getVideoAmount), async (c) =>
      reply(c, await countAvailable(db, c.var.user.id)),
    )
    .get(...endpoint(mission.getVideos), async (c) =>
      reply(c, await listVideos(db, c.var.user.id, pageNumber(c.req.valid('query').page), now())),
    )
    .get(...endpoint(mission.getPlaylists), async (c) =>
      reply(
        c,
        await listPlaylists(db, c.var.user.id, pageNumber(c.req.valid('query').page), now()),
      ),
    )
    .get(...endpoint(mission.checkVideo), async (c) =>
      reply(c, await checkVideo(db, c.var.user.id, c.req.valid('param').id, now())),
    )
    .post(...endpoint(mission.playVideo), async (c) =>
      reply(
        c,
        await playVideo(
          db,
          c.var.user.id,
          c.req.valid('param').missionId,
          c.req.valid('json').deviceId,
          now(),
        ),
      ),
    )
    .post(...endpoint(mission.restartVideo), async (c) =>
      reply(c, await restartVideo(db, c.var.user.id, c.req.valid('param').viewId, now())),
    )
    .post(...endpoint(mission.finishVideo), idempotent(db), async (c) =>
      reply(
        c,
        await finishVideo(
          c.var.db,
          c.var.user,
          c.req.valid('param').viewId,
          c.req.valid('json').keyToClaim,
          now(),
        ),
      ),
    )
    .get(...endpoint(mission.getVoltaCharge), async (c) =>
      reply(c, await getPending(db, c.var.user.id, 'volta')),
    )
    .post(...endpoint(mission.claimVoltaCharge), idempotent(db), async (c) =>
      reply(c, await claimPending(c.var.db, c.var.user.id, 'volta', now())),
    )
}

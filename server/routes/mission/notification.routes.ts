import { Hono } from 'hono'
import * as mission from '../../../contract/endpoints/mission'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import type { AppEnv } from '../../http/request-context'
import { countNew, listNotifications, markAllViewed } from '../../services/notifications'
import { pageNumber } from '../../../contract/pagination'

/** The player's notifications: /api/mission (one notification is marked in /api/user). */
export function notificationRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .get(...endpoint(mission.countNewNotifications), async (c) =>
      reply(c, await countNew(db, c.var.user.id)),
    )
    .get(...endpoint(mission.getNotifications), async (c) =>
      reply(c, await listNotifications(db, c.var.user.id, pageNumber(c.req.valid('query').page))),
    )
    .patch(...endpoint(mission.markAllNotificationsViewed), async (c) =>
      reply(c, await markAllViewed(db, c.var.user.id, now())),
    )
}

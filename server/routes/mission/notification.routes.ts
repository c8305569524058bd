import { Hono } from 'hono'
import {
  emptyBody,
  notificationCount,
  notificationPage,
  pageQuery,
  missionMessages,
} from '../../../contract/missions'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import type { AppEnv } from '../../http/request-context'
import { validate } from '../../http/validate'
import { countNew, listNotifications, markAllViewed } from '../../services/notifications'
import { requestedPage } from '../../services/pages'

/** The player's notifications: /api/mission (one notification is marked in /api/user). */
export function notificationRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .get(
      '/newNotifications',
      endpoint({
        summary: 'How many notifications the player has not seen.',
        auth: 'session',
        response: notificationCount,
      }),
      async (c) => reply(c, await countNew(db, c.var.user.id)),
    )
    .get(
      '/notifications',
      endpoint({
        summary: "A page of the player's notifications, newest first.",
        auth: 'session',
        response: notificationPage,
      }),
      validate('query', pageQuery),
      async (c) =>
        reply(c, await listNotifications(db, c.var.user.id, requestedPage(c.req.valid('query')))),
    )
    .patch(
      '/notification/view',
      endpoint({
        summary: "Marks all the player's notifications as seen.",
        auth: 'session',
        response: notificationCount,
        message: missionMessages.notificationsViewed,
      }),
      validate('json', emptyBody),
      async (c) => reply(c, await markAllViewed(db, c.var.user.id, now())),
    )
}

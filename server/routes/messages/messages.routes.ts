import { Hono } from 'hono'
import * as messages from '../../../contract/endpoints/messages'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import type { AppEnv } from '../../http/request-context'
import { acknowledgeMessage, listUnread } from '../../services/messages'

/** The welcome messages shown one at a time after login. */
export function messagesRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .get(...endpoint(messages.getMessages), async (c) =>
      reply(c, await listUnread(db, c.var.user.id)),
    )
    .patch(...endpoint(messages.acknowledgeMessage), async (c) =>
      reply(c, await acknowledgeMessage(db, c.var.user.id, c.req.valid('json').id, now())),
    )
}

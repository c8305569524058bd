import { Hono } from 'hono'
import * as user from '../../../contract/endpoints/user'
import type { RouteDeps } from '../../http/deps'
import { endpoint, readingWithSession } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import type { AppEnv } from '../../http/request-context'
import { payTerycarbonBattery } from '../../services/battery'
import { findRecipient, listGemHistory } from '../../services/gem-transfers'
import { pageNumber } from '../../../contract/pagination'
import { TERYCARBON_BATTERY_RULES } from '../../services/rules'
import { agreeTerms, profileRead, setShareEmail } from '../../services/users'
import { markViewed } from '../../services/notifications'

export function userRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .patch(...endpoint(user.agreeTerms), async (c) => reply(c, await agreeTerms(db, c.var.user.id)))
    .get(...readingWithSession(endpoint(user.getProfile), profileRead), (c) => reply(c, c.var.read))
    .patch(...endpoint(user.setShareEmail), async (c) => {
      const { shareEmail } = c.req.valid('json')
      return reply(c, await setShareEmail(db, c.var.user.id, shareEmail, now()))
    })
    .post(...endpoint(user.viewNotification), async (c) =>
      reply(
        c,
        await markViewed(db, c.var.user.id, Number(c.req.valid('json').notificationId), now()),
      ),
    )
    .post(
      ...endpoint(user.payTerycarbonBattery, TERYCARBON_BATTERY_RULES),
      idempotent(db),
      async (c) =>
        reply(
          c,
          await payTerycarbonBattery(c.var.db, c.var.user.id, c.req.valid('json').amount, now()),
        ),
    )
    .get(...endpoint(user.searchPlayer), async (c) => {
      const { code, name } = await findRecipient(db, c.var.user.id, c.req.valid('query').code)
      return reply(c, { code, name })
    })
    .get(...endpoint(user.getGemHistory), async (c) =>
      reply(c, await listGemHistory(db, c.var.user.id, pageNumber(c.req.valid('query').page))),
    )
}

import { Hono } from 'hono'
import * as lottery from '../../../contract/endpoints/lottery'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import type { AppEnv } from '../../http/request-context'
import { enterDraw, listDraws } from '../../services/lottery'

/** The lottery (SORTEO): its public list, and taking part (under /user, as the spec names it). */
export function lotteryRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .get(...endpoint(lottery.listDraws), async (c) =>
      reply(c, await listDraws(db, c.req.valid('query'), c.var.user?.id ?? null, now())),
    )
    .patch(...endpoint(lottery.enterDraw), idempotent(db), async (c) =>
      reply(c, await enterDraw(c.var.db, c.var.user.id, c.req.valid('json').drawId, now())),
    )
}

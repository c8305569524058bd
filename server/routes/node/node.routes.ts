import { Hono } from 'hono'
import * as node from '../../../contract/endpoints/node'
import { pageNumber } from '../../../contract/pagination'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import type { AppEnv } from '../../http/request-context'
import { readMine } from '../../services/mining'
import { getPayout, listPayouts } from '../../services/payouts'
import { getRankProgress } from '../../services/progress'

/** The mine (its nodes are the nine stations), rank progress and the payouts' explanations. */
export function nodeRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .get(...endpoint(node.getMine), async (c) => reply(c, await readMine(db, c.var.user.id, now())))
    .get(...endpoint(node.getProgress), async (c) =>
      reply(c, await getRankProgress(db, c.var.user.id, now())),
    )
    .get(...endpoint(node.getPayouts), async (c) =>
      reply(c, await listPayouts(db, c.var.user.id, pageNumber(c.req.valid('query').page))),
    )
    .get(...endpoint(node.getPayout), async (c) =>
      reply(c, await getPayout(db, c.var.user.id, Number(c.req.valid('param').id))),
    )
}

import { Hono } from 'hono'
import * as trading from '../../../contract/endpoints/trading'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import type { AppEnv } from '../../http/request-context'
import { pageNumber } from '../../../contract/pagination'
import { TRADING_RULES } from '../../services/rules'
import {
  buyOffer,
  cancelOffer,
  createOffer,
  listBoard,
  listOwnOffers,
  listTradeHistory,
} from '../../services/trading'

export function tradingRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .get(...endpoint(trading.listBoard), async (c) => {
      const { code, page } = c.req.valid('query')
      return reply(c, await listBoard(db, c.var.user.id, { code, page: pageNumber(page) }))
    })
    .get(...endpoint(trading.listOwnOffers), async (c) => {
      const { code, page } = c.req.valid('query')
      return reply(c, await listOwnOffers(db, c.var.user.id, { code, page: pageNumber(page) }))
    })
    .get(...endpoint(trading.listTradeHistory), async (c) => {
      const { code, page } = c.req.valid('query')
      return reply(c, await listTradeHistory(db, c.var.user.id, { code, page: pageNumber(page) }))
    })
    .post(...endpoint(trading.buyOffer), idempotent(db), async (c) =>
      reply(c, await buyOffer(c.var.db, c.var.user.id, c.req.valid('json').offerId, now())),
    )
    .post(...endpoint(trading.createOffer, TRADING_RULES), idempotent(db), async (c) =>
      reply(c, await createOffer(c.var.db, c.var.user.id, c.req.valid('json'), now())),
    )
    .delete(...endpoint(trading.cancelOffer), idempotent(db), async (c) =>
      reply(c, await cancelOffer(c.var.db, c.var.user.id, c.req.valid('json').offerId, now())),
    )
}

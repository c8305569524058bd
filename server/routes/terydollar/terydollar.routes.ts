import { Hono } from 'hono'
import * as terydollar from '../../../contract/endpoints/terydollar'
import type { OrderBody } from '../../../contract/terydollar'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import type { AppEnv } from '../../http/request-context'
import { readUpload } from '../../http/upload'
import { burnTerydollars, getBurnValue } from '../../services/battery'
import { TERYDOLLAR_RULES } from '../../services/rules'
import { createOrder, getCurrentOrder, sendVoucher } from '../../services/terydollar-orders'

export function terydollarRoutes({ db, now, files }: RouteDeps) {
  const order = (userId: string, body: OrderBody) => createOrder(db, userId, body, now())
  return new Hono<AppEnv>()
    .get(...endpoint(terydollar.getCurrentOrder), async (c) =>
      reply(c, await getCurrentOrder(db, c.var.user.id)),
    )
    .post(...endpoint(terydollar.placeCryptoOrder, TERYDOLLAR_RULES), async (c) =>
      reply(c, await order(c.var.user.id, c.req.valid('json'))),
    )
    .post(...endpoint(terydollar.placeOtherOrder, TERYDOLLAR_RULES), async (c) =>
      reply(c, await order(c.var.user.id, c.req.valid('json'))),
    )
    .post(...endpoint(terydollar.sendOrderVoucher, TERYDOLLAR_RULES), async (c) => {
      const upload = await readUpload(c)
      const orderId = Number(c.req.valid('query').orderId)
      return reply(c, await sendVoucher(db, files, c.var.user.id, orderId, upload, now()))
    })
    .get(...endpoint(terydollar.getBurnValue), async (c) =>
      reply(c, await getBurnValue(db, c.var.user.id)),
    )
    .post(...endpoint(terydollar.burnTerydollars, TERYDOLLAR_RULES), idempotent(db), async (c) =>
      reply(c, await burnTerydollars(c.var.db, c.var.user.id, c.req.valid('json').amount, now())),
    )
}

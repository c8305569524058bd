import { Hono } from 'hono'
import * as inventory from '../../../contract/endpoints/inventory'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import type { AppEnv } from '../../http/request-context'
import { getInventory, sendGems } from '../../services/gem-transfers'
import { GEM_TRANSFER_RULES } from '../../services/rules'

export function inventoryRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .get(...endpoint(inventory.getInventory), async (c) =>
      reply(c, await getInventory(db, c.var.user.id, c.req.valid('param').id)),
    )
    .post(...endpoint(inventory.sendGems, GEM_TRANSFER_RULES), idempotent(db), async (c) =>
      reply(c, await sendGems(c.var.db, c.var.user.id, c.req.valid('json'), now())),
    )
}

import { Hono } from 'hono'
import * as inventory from '../../../contract/endpoints/inventory'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import type { AppEnv } from '../../http/request-context'
import { buyFuel } from '../../services/mining'

/** Buying terycarbons, the mine's fuel, under /api/inventory. */
export function fuelRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>().post(...endpoint(inventory.buyFuel), idempotent(db), async (c) =>
    reply(c, await buyFuel(c.var.db, c.var.user.id, c.req.valid('json'), now())),
  )
}

import { Hono } from 'hono'
import * as user from '../../../contract/endpoints/user'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import type { AppEnv } from '../../http/request-context'
import { activateStation, changeMiningMode, readMine } from '../../services/mining'

/** The player's mine under /api/user: fueling a station and the mining mode. */
export function userMineRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .post(...endpoint(user.activateStation), idempotent(db), async (c) => {
      const { id } = c.var.user
      await activateStation(c.var.db, id, c.req.valid('json').station, now())
      return reply(c, await readMine(c.var.db, id, now()))
    })
    .patch(...endpoint(user.changeMiningMode), idempotent(db), async (c) => {
      const { id } = c.var.user
      const change = await changeMiningMode(c.var.db, id, c.req.valid('json'), now())
      return reply(c, { ...change, mine: await readMine(c.var.db, id, now()) })
    })
}

import { Hono } from 'hono'
import * as adlot from '../../../contract/endpoints/adlot'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import type { AppEnv } from '../../http/request-context'
import { collectBackpack, collectTeamBonus, readMine } from '../../services/mining'

/** Collecting what the mine produced and the team bonus. */
export function adlotRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .post(...endpoint(adlot.collect), idempotent(db), async (c) => {
      const { id } = c.var.user
      const collected = await collectBackpack(c.var.db, id, c.req.valid('json').mode, now())
      return reply(c, { ...collected, mine: await readMine(c.var.db, id, now()) })
    })
    .post(...endpoint(adlot.collectBonus), idempotent(db), async (c) => {
      const { id } = c.var.user
      const bonus = await collectTeamBonus(c.var.db, id, now())
      return reply(c, { ...bonus, mine: await readMine(c.var.db, id, now()) })
    })
}

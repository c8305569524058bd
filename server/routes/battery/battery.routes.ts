import { Hono } from 'hono'
import * as battery from '../../../contract/endpoints/battery'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import type { AppEnv } from '../../http/request-context'
import {
  buyBatteries,
  collectBatteryGems,
  getBatteryOverview,
  getTerycarbonBattery,
  meltBatteries,
  quoteBatteryOperation,
} from '../../services/battery'
import { BATTERY_RULES, TERYCARBON_BATTERY_RULES, TERYDOLLAR_RULES } from '../../services/rules'

export function batteryRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .get(...endpoint(battery.getBatteryOverview), async (c) =>
      reply(c, await getBatteryOverview(db, c.var.user.id, now())),
    )
    .post(
      ...endpoint(battery.quoteBatteryOperation, {
        batteries: BATTERY_RULES,
        terycarbonBattery: TERYCARBON_BATTERY_RULES,
        burn: TERYDOLLAR_RULES.burn.amount,
      }),
      async (c) => {
        const body = c.req.valid('json')
        const amount = 'amount' in body ? body.amount : 0
        return reply(
          c,
          await quoteBatteryOperation(db, c.var.user.id, body.operation, amount, now()),
        )
      },
    )
    .get(...endpoint(battery.getTerycarbonBattery), async (c) =>
      reply(c, await getTerycarbonBattery(db, c.var.user.id)),
    )
    .post(...endpoint(battery.buyBatteries, BATTERY_RULES), idempotent(db), async (c) =>
      reply(c, await buyBatteries(c.var.db, c.var.user.id, c.req.valid('json').amount, now())),
    )
    .post(...endpoint(battery.meltBatteries, BATTERY_RULES), idempotent(db), async (c) =>
      reply(c, await meltBatteries(c.var.db, c.var.user.id, c.req.valid('json').amount, now())),
    )
    .post(...endpoint(battery.collectBatteryProfits), idempotent(db), async (c) =>
      reply(c, await collectBatteryGems(c.var.db, c.var.user.id, now())),
    )
}

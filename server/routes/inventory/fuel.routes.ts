import { Hono } from 'hono'
import { apiMessages } from '../../../contract/messages'
import { fuelPurchase, fuelPurchaseBody, miningMessages } from '../../../contract/mining'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import type { AppEnv } from '../../http/request-context'
import { validate } from '../../http/validate'
import { buyFuel } from '../../services/mining'

/** Buying terycarbons, the mine's fuel, under /api/inventory. */
export function fuelRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>().post(
    '/purchase/fuel',
    endpoint({
      summary: 'Buys terycarbons with terydollars or gems.',
      description:
        'One terydollar buys 100 terycarbons, one gem buys 2; `amount` is the terycarbons, 100 to 100 000 in steps of 100.',
      auth: 'session',
      response: fuelPurchase,
      message: miningMessages.fuelBought,
      money: [
        { currency: 'terycarbons', direction: 'in' },
        { currency: 'terydollars', direction: 'out' },
        { currency: 'gems', direction: 'out' },
      ],
      errors: [
        {
          status: 409,
          message: apiMessages.notEnoughTerydollars,
          when: 'Paying with terydollars: the balance is short.',
        },
        {
          status: 409,
          message: apiMessages.notEnoughGems,
          when: 'Paying with gems: the balance is short.',
        },
      ],
    }),
    validate('json', fuelPurchaseBody),
    idempotent(db),
    async (c) => reply(c, await buyFuel(c.var.db, c.var.user.id, c.req.valid('json'), now())),
  )
}

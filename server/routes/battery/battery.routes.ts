import { Hono } from 'hono'
import {
  batteryAmountBody,
  batteryOperationResult,
  batteryOverview,
  batteryQuote,
  earningsBody,
  terycarbonBatteryStats,
} from '../../../contract/battery'
import { apiMessages } from '../../../contract/messages'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import type { AppEnv } from '../../http/request-context'
import { validate } from '../../http/validate'
import {
  buyBatteries,
  collectBatteryGems,
  getBatteryOverview,
  getTerycarbonBattery,
  meltBatteries,
  quoteBatteryOperation,
} from '../../services/battery'
import { BATTERY_RULES, TERYCARBON_BATTERY_RULES, TERYDOLLAR_RULES } from '../../services/rules'
import { economyMessages } from '../../../contract/economy-messages'

const amountBody = batteryAmountBody(BATTERY_RULES)

export function batteryRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .get(
      '/',
      endpoint({
        summary: "The player's batteries and terycarbon battery now.",
        description:
          'Gems accrue by the day from timestamps (docs/economy.md, "Batteries"); `claimableGems` counts whole gems.',
        auth: 'session',
        response: batteryOverview,
      }),
      async (c) => reply(c, await getBatteryOverview(db, c.var.user.id, now())),
    )
    .post(
      '/',
      endpoint({
        summary: 'The earnings of a battery operation before it is made.',
        description:
          'What buy, melt, burn, collect or a terycarbon battery payment would spend and give, the batteries and gems per day after it, and `shortfall`, why it would be refused now (or null). Changes nothing.',
        auth: 'session',
        response: batteryQuote,
      }),
      validate(
        'json',
        earningsBody({
          batteries: BATTERY_RULES,
          terycarbonBattery: TERYCARBON_BATTERY_RULES,
          burn: TERYDOLLAR_RULES.burn.amount,
        }),
      ),
      async (c) => {
        const body = c.req.valid('json')
        const amount = 'amount' in body ? body.amount : 0
        return reply(
          c,
          await quoteBatteryOperation(db, c.var.user.id, body.operation, amount, now()),
        )
      },
    )
    .get(
      '/terycarbons',
      endpoint({
        summary: "The player's terycarbon battery: price, paid, what is left, active.",
        auth: 'session',
        response: terycarbonBatteryStats,
      }),
      async (c) => reply(c, await getTerycarbonBattery(db, c.var.user.id)),
    )
    .post(
      '/buy',
      endpoint({
        summary: 'Buys batteries with terydollars.',
        description: 'Each battery costs `rules.batteries.price` terydollars (GET /api/config).',
        auth: 'session',
        response: batteryOperationResult,
        message: economyMessages.batteriesBought,
        money: [{ currency: 'terydollars', direction: 'out' }],
        errors: [
          {
            status: 400,
            message: apiMessages.notEnoughTerydollars,
            when: 'The terydollars do not cover the price.',
          },
          {
            status: 400,
            message: economyMessages.batteryLimit,
            when: 'The player would hold more batteries than the rules allow.',
          },
        ],
      }),
      validate('json', amountBody),
      idempotent(db),
      async (c) =>
        reply(c, await buyBatteries(c.var.db, c.var.user.id, c.req.valid('json').amount, now())),
    )
    .post(
      '/melt',
      endpoint({
        summary: 'Melts batteries back into terydollars, at the melt value.',
        auth: 'session',
        response: batteryOperationResult,
        message: economyMessages.batteriesMelted,
        money: [{ currency: 'terydollars', direction: 'in' }],
        errors: [
          {
            status: 400,
            message: apiMessages.notEnoughBatteries,
            when: 'The player holds fewer batteries than asked.',
          },
        ],
      }),
      validate('json', amountBody),
      idempotent(db),
      async (c) =>
        reply(c, await meltBatteries(c.var.db, c.var.user.id, c.req.valid('json').amount, now())),
    )
    .post(
      '/collect',
      endpoint({
        summary: 'Collects the whole gems the batteries produced.',
        description: 'Send an empty JSON body (`{}`). Fractions of a gem keep accruing.',
        auth: 'session',
        response: batteryOperationResult,
        message: economyMessages.gemsCollected,
        money: [{ currency: 'gems', direction: 'in' }],
        errors: [
          {
            status: 400,
            message: economyMessages.nothingToCollect,
            when: 'Not one whole gem has accrued since the last collection.',
          },
        ],
      }),
      idempotent(db),
      async (c) => reply(c, await collectBatteryGems(c.var.db, c.var.user.id, now())),
    )
}

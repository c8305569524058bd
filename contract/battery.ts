import * as v from 'valibot'
import { amountField, type Bounds } from './amounts'
import { CURRENCIES } from './currencies'
import { apiMessages } from './messages'
import { balances } from './user'
import { economyMessages } from './economy-messages'

/** What GET /api/config says about batteries (server/services/rules.ts, docs/economy.md). */
export const batteryRules = v.object({
  /** Terydollars one battery costs. */
  price: v.number(),
  /** Terydollars a melted battery gives back. */
  meltValue: v.number(),
  /** Gems one battery produces in a day, before the terycarbon battery's boost. */
  gemsPerDay: v.number(),
  /** Batteries one purchase or melt moves. */
  perOperation: v.object({ min: v.number(), max: v.number() }),
  /** Batteries a player may hold. */
  maxBatteries: v.number(),
})
export type BatteryRules = v.InferOutput<typeof batteryRules>

/** What GET /api/config says about the terycarbon battery. */
export const terycarbonBatteryRules = v.object({
  /** Terycarbons the whole battery costs; it is paid in one go or in parts. */
  price: v.number(),
  /** The smallest part a payment may be (the last one may be smaller: whatever is left). */
  minPartial: v.number(),
  /** How much more gems the player's batteries produce once it is paid, in percent. */
  boostPercent: v.number(),
})
export type TerycarbonBatteryRules = v.InferOutput<typeof terycarbonBatteryRules>

/** The operations of /battery and /terycarbonBattery, as POST /api/battery quotes them. */
export const BATTERY_OPERATIONS = ['buy', 'melt', 'burn', 'collect', 'terycarbonBattery'] as const
export type BatteryOperation = (typeof BATTERY_OPERATIONS)[number]

/** POST /api/battery/buy and /melt: how many batteries. */
export function batteryAmountBody(rules: BatteryRules) {
  return v.object({ amount: amountField(rules.perOperation) })
}

/**
 * The bounds a terycarbon battery payment's field checks: up to the whole price. The minimum part
 * depends on what is left (the last payment may be smaller), so the server checks it.
 */
export function terycarbonPaymentBounds(rules: TerycarbonBatteryRules): Bounds {
  return { min: 1, max: rules.price }
}

/** POST /api/user/terycarbonBattery: terycarbons to pay now (a part or the rest). */
export function terycarbonBatteryBody(rules: TerycarbonBatteryRules) {
  return v.object({ amount: amountField(terycarbonPaymentBounds(rules)) })
}

/**
 * POST /api/battery: the earnings of an operation before it is made, with the amount its own
 * endpoint takes (collect takes none: it collects all there is).
 */
export function earningsBody(rules: {
  batteries: BatteryRules
  terycarbonBattery: TerycarbonBatteryRules
  burn: Bounds
}) {
  const operation = <T extends BatteryOperation>(name: T) =>
    v.literal(name, economyMessages.batteryOperation)
  const invalid = apiMessages.invalidBody
  return v.variant(
    'operation',
    [
      v.object(
        { operation: operation('buy'), amount: amountField(rules.batteries.perOperation) },
        invalid,
      ),
      v.object(
        { operation: operation('melt'), amount: amountField(rules.batteries.perOperation) },
        invalid,
      ),
      v.object({ operation: operation('burn'), amount: amountField(rules.burn) }, invalid),
      v.object({ operation: operation('collect') }, invalid),
      v.object(
        {
          operation: operation('terycarbonBattery'),
          amount: amountField(terycarbonPaymentBounds(rules.terycarbonBattery)),
        },
        invalid,
      ),
    ],
    economyMessages.batteryOperation,
  )
}
export type EarningsBody = { operation: BatteryOperation; amount?: number }

/** The player's batteries now. */
export const batteryStats = v.object({
  batteries: v.number(),
  /** Gems all of them produce in a day, the boost included. */
  gemsPerDay: v.number(),
  /** Gems produced and not collected yet (whole gems; fractions keep accruing). */
  claimableGems: v.number(),
  /** Gems collected from batteries so far. */
  collectedGems: v.number(),
  /** Whether the terycarbon battery's boost applies. */
  boostActive: v.boolean(),
})
export type BatteryStats = v.InferOutput<typeof batteryStats>

/** data of GET /api/battery/terycarbons: the terycarbon battery of the player. */
export const terycarbonBatteryStats = v.object({
  price: v.number(),
  paid: v.number(),
  remaining: v.number(),
  active: v.boolean(),
  /** ISO 8601 instant it was fully paid, or null. */
  completedAt: v.nullable(v.string()),
})
export type TerycarbonBatteryStats = v.InferOutput<typeof terycarbonBatteryStats>

/** data of GET /api/battery. */
export const batteryOverview = v.object({
  battery: batteryStats,
  terycarbonBattery: terycarbonBatteryStats,
})
export type BatteryOverview = v.InferOutput<typeof batteryOverview>

/** An amount of one currency. */
export const money = v.object({ currency: v.picklist(CURRENCIES), amount: v.number() })
export type Money = v.InferOutput<typeof money>

/** data of POST /api/battery: what an operation would spend and give, computed by the server. */
export const batteryQuote = v.object({
  operation: v.picklist(BATTERY_OPERATIONS),
  amount: v.number(),
  spend: v.nullable(money),
  receive: v.nullable(money),
  batteries: v.object({ before: v.number(), after: v.number() }),
  gemsPerDay: v.object({ before: v.number(), after: v.number() }),
  /** Why the operation would be refused right now (not enough funds...), or null. */
  shortfall: v.nullable(v.string()),
})
export type BatteryQuote = v.InferOutput<typeof batteryQuote>

/**
 * data of every battery operation (buy, melt, collect, burn, the terycarbon battery): the
 * batteries after it and the player's new balances, which the layout shows at once.
 */
export const batteryOperationResult = v.object({
  battery: batteryStats,
  terycarbonBattery: terycarbonBatteryStats,
  balances,
})
export type BatteryOperationResult = v.InferOutput<typeof batteryOperationResult>

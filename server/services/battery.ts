import { and, eq, isNull, sql } from 'drizzle-orm'
import type {
  BatteryOperation,
  BatteryOperationResult,
  BatteryOverview,
  BatteryQuote,
  BatteryStats,
  Money,
  TerycarbonBatteryStats,
} from '../../contract/battery'
import { apiMessages } from '../../contract/messages'
import { instantSql, type Db, type Tx } from '../db/client'
import { batteryHoldings, terycarbonBatteries } from '../db/schema'
import { claimOnce, inTransaction } from './atomic'
import { DomainError } from './errors'
import { shortOf, spend } from './funds'
import { getBalances, transfer } from './ledger'
import { BATTERY_RULES, TERYCARBON_BATTERY_RULES, TERYDOLLAR_RULES } from './rules'
import { economyMessages } from '../../contract/economy-messages'

/*
 * Batteries are bought with terydollars (paid to the 'battery-reserve' system account) and
 * produce gems by the day, computed from timestamps: nothing runs on a timer. A holding keeps
 * what it produced and nobody collected in thousandths of a gem (`accrued_milli`) up to
 * `accrued_at`; every change first settles the time since then at the count it had, under the
 * holding's row lock, so two changes at once can neither lose nor double what accrued.
 * The terycarbon battery, paid with terycarbons in one go or in parts, boosts every battery.
 */

const DAY_MS = 24 * 60 * 60 * 1000

type Holding = typeof batteryHoldings.$inferSelect
type TerycarbonRow = typeof terycarbonBatteries.$inferSelect

/** Thousandths of a gem all the batteries produce in a day. */
function milliPerDay(batteries: number, boostActive: boolean): number {
  const percent = 100 + (boostActive ? TERYCARBON_BATTERY_RULES.boostPercent : 0)
  return (batteries * BATTERY_RULES.gemsPerDay * 1000 * percent) / 100
}

/** What the holding has accrued by `now`, in thousandths of a gem (whole thousandths). */
function accruedBy(holding: Holding, boostActive: boolean, now: Date): number {
  const elapsed = Math.max(0, now.getTime() - holding.accruedAt.getTime())
  return (
    holding.accruedMilli +
    Math.floor((milliPerDay(holding.batteries, boostActive) * elapsed) / DAY_MS)
  )
}

function gemsPerDay(batteries: number, boostActive: boolean): number {
  return Math.floor(milliPerDay(batteries, boostActive) / 1000)
}

function emptyHolding(userId: string, now: Date): Holding {
  return { userId, batteries: 0, accruedMilli: 0, accruedAt: now, collectedGems: 0 }
}

function toStats(holding: Holding, boostActive: boolean, now: Date): BatteryStats {
  return {
    batteries: holding.batteries,
    gemsPerDay: gemsPerDay(holding.batteries, boostActive),
    claimableGems: Math.floor(accruedBy(holding, boostActive, now) / 1000),
    collectedGems: holding.collectedGems,
    boostActive,
  }
}

function toTerycarbonStats(row: TerycarbonRow | undefined): TerycarbonBatteryStats {
  const paid = row?.paid ?? 0
  return {
    price: TERYCARBON_BATTERY_RULES.price,
    paid,
    remaining: TERYCARBON_BATTERY_RULES.price - paid,
    active: row?.completedAt != null,
    completedAt: row?.completedAt?.toISOString() ?? null,
  }
}

async function readHolding(db: Db, userId: string): Promise<Holding | undefined> {
  const [row] = await db.select().from(batteryHoldings).where(eq(batteryHoldings.userId, userId))
  return row
}

async function readTerycarbonBattery(db: Db, userId: string): Promise<TerycarbonRow | undefined> {
  const [row] = await db
    .select()
    .from(terycarbonBatteries)
    .where(eq(terycarbonBatteries.userId, userId))
  return row
}

async function readOverview(db: Db, userId: string, now: Date): Promise<BatteryOverview> {
  const holding = (await readHolding(db, userId)) ?? emptyHolding(userId, now)
  const terycarbon = await readTerycarbonBattery(db, userId)
  const stats = toTerycarbonStats(terycarbon)
  return { battery: toStats(holding, stats.active, now), terycarbonBattery: stats }
}

/** GET /api/battery: the player's batteries and terycarbon battery now. */
export function getBatteryOverview(db: Db, userId: string, now: Date): Promise<BatteryOverview> {
  return readOverview(db, userId, now)
}

/** GET /api/battery/terycarbons */
export async function getTerycarbonBattery(db: Db, userId: string) {
  return toTerycarbonStats(await readTerycarbonBattery(db, userId))
}

/**
 * Locks the player's holding (creating it on first use) and settles what accrued until `now`:
 * from here on the transaction may change the count; the time before is paid at the old count.
 * The terycarbon battery's state is read after the lock, so a payment that completes it (which
 * takes this lock first) is never half seen.
 */
async function lockAndSettle(tx: Tx, userId: string, now: Date) {
  await tx
    .insert(batteryHoldings)
    .values({ userId, accruedAt: now })
    .onConflictDoNothing({ target: batteryHoldings.userId })
  const [locked] = await tx
    .select()
    .from(batteryHoldings)
    .where(eq(batteryHoldings.userId, userId))
    .for('update')
  if (!locked) throw new Error(`No battery holding for ${userId}`)
  const boostActive = toTerycarbonStats(await readTerycarbonBattery(tx, userId)).active
  const settled: Holding = {
    ...locked,
    accruedMilli: accruedBy(locked, boostActive, now),
    accruedAt: new Date(Math.max(now.getTime(), locked.accruedAt.getTime())),
  }
  return { holding: settled, boostActive }
}

async function saveHolding(tx: Tx, holding: Holding): Promise<void> {
  await tx
    .update(batteryHoldings)
    .set({
      batteries: holding.batteries,
      accruedMilli: holding.accruedMilli,
      accruedAt: holding.accruedAt,
      collectedGems: holding.collectedGems,
    })
    .where(eq(batteryHoldings.userId, holding.userId))
}

async function resultOf(tx: Tx, userId: string, now: Date): Promise<BatteryOperationResult> {
  return { ...(await readOverview(tx, userId, now)), balances: await getBalances(tx, userId) }
}

/** POST /api/battery/buy: `amount` batteries for their price in terydollars. */
export function buyBatteries(db: Db, userId: string, amount: number, now: Date) {
  return inTransaction(db, async (tx) => {
    const { holding } = await lockAndSettle(tx, userId, now)
    if (holding.batteries + amount > BATTERY_RULES.maxBatteries) {
      throw new DomainError(400, economyMessages.batteryLimit)
    }
    await spend(tx, {
      at: now,
      currency: 'terydollars',
      from: { userId },
      to: { system: 'battery-reserve' },
      amount: amount * BATTERY_RULES.price,
      kind: 'battery.buy',
      cause: { batteries: amount },
    })
    await saveHolding(tx, { ...holding, batteries: holding.batteries + amount })
    return resultOf(tx, userId, now)
  })
}

/** POST /api/battery/melt: `amount` batteries back into terydollars, at the melt value. */
export function meltBatteries(db: Db, userId: string, amount: number, now: Date) {
  return inTransaction(db, async (tx) => {
    const { holding } = await lockAndSettle(tx, userId, now)
    if (holding.batteries < amount) throw new DomainError(400, apiMessages.notEnoughBatteries)
    await saveHolding(tx, { ...holding, batteries: holding.batteries - amount })
    // Every battery melted was bought for more than it gives back, so the reserve covers it.
    await transfer(tx, {
      at: now,
      currency: 'terydollars',
      from: { system: 'battery-reserve' },
      to: { userId },
      amount: amount * BATTERY_RULES.meltValue,
      kind: 'battery.melt',
      cause: { batteries: amount },
    })
    return resultOf(tx, userId, now)
  })
}

/** POST /api/battery/collect: the whole gems the batteries produced, into the gem balance. */
export function collectBatteryGems(db: Db, userId: string, now: Date) {
  return inTransaction(db, async (tx) => {
    const { holding } = await lockAndSettle(tx, userId, now)
    const gems = Math.floor(holding.accruedMilli / 1000)
    if (gems === 0) throw new DomainError(400, economyMessages.nothingToCollect)
    await saveHolding(tx, {
      ...holding,
      accruedMilli: holding.accruedMilli - gems * 1000,
      collectedGems: holding.collectedGems + gems,
    })
    await transfer(tx, {
      at: now,
      currency: 'gems',
      from: { system: 'supply' },
      to: { userId },
      amount: gems,
      kind: 'battery.collect',
      cause: { batteries: holding.batteries },
    })
    return resultOf(tx, userId, now)
  })
}

/** POST /api/terydollar/burn: terydollars burned into gems at the burn rate. */
export function burnTerydollars(db: Db, userId: string, amount: number, now: Date) {
  return inTransaction(db, async (tx) => {
    await spend(tx, {
      at: now,
      currency: 'terydollars',
      from: { userId },
      to: { system: 'supply' },
      amount,
      kind: 'terydollar.burn',
      cause: { terydollars: amount },
    })
    await transfer(tx, {
      at: now,
      currency: 'gems',
      from: { system: 'supply' },
      to: { userId },
      amount: amount * TERYDOLLAR_RULES.burn.gemsPerTerydollar,
      kind: 'terydollar.burn',
      cause: { terydollars: amount },
    })
    return resultOf(tx, userId, now)
  })
}

/** GET /api/terydollar/burn: what burning gives, for the player's balance. */
export async function getBurnValue(db: Db, userId: string) {
  const { terydollars } = await getBalances(db, userId)
  const rate = TERYDOLLAR_RULES.burn.gemsPerTerydollar
  return { gemsPerTerydollar: rate, terydollars, gemsForAll: terydollars * rate }
}

/**
 * POST /api/user/terycarbonBattery: pays `amount` terycarbons toward the terycarbon battery, a
 * part or all that is left. The payment is one conditional update (it may not pass the price nor
 * follow a completed battery); the payment that completes it settles the batteries' gems at the
 * old rate first, under the holding's lock, so the boost counts from that moment on.
 */
export function payTerycarbonBattery(db: Db, userId: string, amount: number, now: Date) {
  return inTransaction(db, async (tx) => {
    await lockAndSettle(tx, userId, now).then(({ holding }) => saveHolding(tx, holding))
    await tx
      .insert(terycarbonBatteries)
      .values({ userId })
      .onConflictDoNothing({ target: terycarbonBatteries.userId })
    const price = TERYCARBON_BATTERY_RULES.price
    const paid = await claimOnce(
      tx
        .update(terycarbonBatteries)
        .set({
          paid: sql`${terycarbonBatteries.paid} + ${amount}`,
          completedAt: sql`case when ${terycarbonBatteries.paid} + ${amount} = ${price} then ${instantSql(now)} end`,
        })
        .where(
          and(
            eq(terycarbonBatteries.userId, userId),
            isNull(terycarbonBatteries.completedAt),
            sql`${terycarbonBatteries.paid} + ${amount} <= ${price}`,
          ),
        )
        .returning(),
    )
    if (!paid) {
      const current = await readTerycarbonBattery(tx, userId)
      throw new DomainError(
        current?.completedAt ? 409 : 400,
        current?.completedAt
          ? economyMessages.terycarbonBatteryComplete
          : economyMessages.terycarbonBatteryOverpaid,
      )
    }
    // Below the minimum part only when it pays exactly what was left.
    if (amount < TERYCARBON_BATTERY_RULES.minPartial && paid.completedAt === null) {
      throw new DomainError(400, economyMessages.terycarbonBatteryMinimum)
    }
    await spend(tx, {
      at: now,
      currency: 'terycarbons',
      from: { userId },
      to: { system: 'supply' },
      amount,
      kind: 'battery.terycarbon',
      cause: { paid: paid.paid },
    })
    return resultOf(tx, userId, now)
  })
}

/** What the earnings preview says an operation would take and give. */
type Effect = { spend: Money | null; receive: Money | null; batteriesAfter: number }

/**
 * POST /api/battery: the earnings of an operation before it is made, computed from the player's
 * state now: what it spends, what it gives, the batteries and gems per day after, and why it
 * would be refused now (`shortfall`), if it would. Changes nothing.
 */
export async function quoteBatteryOperation(
  db: Db,
  userId: string,
  operation: BatteryOperation,
  amount: number,
  now: Date,
): Promise<BatteryQuote> {
  const { battery, terycarbonBattery } = await readOverview(db, userId, now)
  const balances = await getBalances(db, userId)
  const before = battery.batteries
  const effects: Record<BatteryOperation, () => Effect> = {
    buy: () => ({
      spend: { currency: 'terydollars', amount: amount * BATTERY_RULES.price },
      receive: null,
      batteriesAfter: before + amount,
    }),
    melt: () => ({
      spend: null,
      receive: { currency: 'terydollars', amount: amount * BATTERY_RULES.meltValue },
      batteriesAfter: before - amount,
    }),
    burn: () => ({
      spend: { currency: 'terydollars', amount },
      receive: { currency: 'gems', amount: amount * TERYDOLLAR_RULES.burn.gemsPerTerydollar },
      batteriesAfter: before,
    }),
    collect: () => ({
      spend: null,
      receive: { currency: 'gems', amount: battery.claimableGems },
      batteriesAfter: before,
    }),
    terycarbonBattery: () => ({
      spend: { currency: 'terycarbons', amount },
      receive: null,
      batteriesAfter: before,
    }),
  }
  const effect = effects[operation]()
  const completes =
    operation === 'terycarbonBattery' && amount === terycarbonBattery.remaining && amount > 0
  const boostAfter = terycarbonBattery.active || completes

  let shortfall: string | null = null
  if (effect.spend && balances[effect.spend.currency] < effect.spend.amount) {
    shortfall = shortOf(effect.spend.currency)
  } else if (operation === 'buy' && effect.batteriesAfter > BATTERY_RULES.maxBatteries) {
    shortfall = economyMessages.batteryLimit
  } else if (operation === 'melt' && effect.batteriesAfter < 0) {
    shortfall = apiMessages.notEnoughBatteries
  } else if (operation === 'collect' && battery.claimableGems === 0) {
    shortfall = economyMessages.nothingToCollect
  } else if (operation === 'terycarbonBattery' && terycarbonBattery.active) {
    shortfall = economyMessages.terycarbonBatteryComplete
  } else if (operation === 'terycarbonBattery' && amount > terycarbonBattery.remaining) {
    shortfall = economyMessages.terycarbonBatteryOverpaid
  } else if (
    operation === 'terycarbonBattery' &&
    amount < TERYCARBON_BATTERY_RULES.minPartial &&
    !completes
  ) {
    shortfall = economyMessages.terycarbonBatteryMinimum
  }
  return {
    operation,
    amount: operation === 'collect' ? battery.claimableGems : amount,
    spend: effect.spend,
    receive: effect.receive,
    batteries: { before, after: Math.max(0, effect.batteriesAfter) },
    gemsPerDay: {
      before: battery.gemsPerDay,
      after: gemsPerDay(Math.max(0, effect.batteriesAfter), boostAfter),
    },
    shortfall,
  }
}

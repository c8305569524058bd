import { and, asc, eq, gt, sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { Currency } from '../../contract/currencies'
import { apiMessages } from '../../contract/messages'
import {
  LEDGER_KINDS,
  MINING_MODES,
  type BonusResult,
  type CollectResult,
  type FuelPurchase,
  type FuelPurchaseBody,
  type MineCollectCause,
  type MineState,
  type MiningMode,
  type MiningModeBody,
  type MiningModeChange,
  miningMessages,
} from '../../contract/mining'
import { STATIONS } from '../../contract/stations'
import { instantSql, type Db, type Tx } from '../db/client'
import { mines, stationRuns } from '../db/schema'
import { inTransaction, withAdvisoryLock } from './atomic'
import { DomainError } from './errors'
import { getBalances, InsufficientFundsError, transfer } from './ledger'
import {
  perSecondAt,
  producedPerStation,
  splitWhole,
  stationParts,
  sum,
  thousandths,
  type StationRun,
} from './mine-math'
import { fuelCost, MINING } from './rules'
import { bonusWindowStart, pendingBonusDays, teamBonusKey } from './team-bonus'
import { findRankIndex, isPenalized } from './standing'

/*
 * The mine (docs/economy.md, "Mining and team"). The calls that change it answer what they did;
 * the routes answer the mine after it with readMine(). Everything is computed from timestamps: a
 * station's runs say when it was on, the mine's last collect says where the backpack starts.
 * Every change to one player's mine takes the advisory lock `mine:<player>` first, so activating,
 * collecting and switching modes never interleave for that player (the second pattern of
 * server/services/atomic.ts); the ledger moves the money in the same transaction.
 */

const HOUR_MS = 3_600_000

type MineRow = typeof mines.$inferSelect

const notEnough: Record<Currency, string> = {
  terycarbons: apiMessages.notEnoughTerycarbons,
  gems: apiMessages.notEnoughGems,
  terydollars: apiMessages.notEnoughTerydollars,
  voltaCharge: apiMessages.notEnoughGems,
}

/** A ledger transfer the player pays; a short balance is the player's 409, in Spanish. */
async function pay(tx: Tx, input: Parameters<typeof transfer>[1]): Promise<number> {
  try {
    return await transfer(tx, input)
  } catch (error) {
    if (error instanceof InsufficientFundsError) {
      throw new DomainError(409, notEnough[error.currency])
    }
    throw error
  }
}

/** The player's mine, opened on first use (the terycarbons mode, an empty backpack). */
async function openMine(db: Db, userId: string, now: Date): Promise<MineRow> {
  await db.insert(mines).values({ userId, lastCollectedAt: now }).onConflictDoNothing()
  const [mine] = await db.select().from(mines).where(eq(mines.userId, userId))
  if (!mine) throw new Error(`No mine for player ${userId}`)
  return mine
}

/** Runs that end after `since`: the ones that matter for production and bonus from then on. */
async function runsSince(db: Db, userId: string, since: Date): Promise<StationRun[]> {
  return db
    .select({
      station: stationRuns.station,
      startsAt: stationRuns.startsAt,
      endsAt: stationRuns.endsAt,
    })
    .from(stationRuns)
    .where(and(eq(stationRuns.userId, userId), gt(stationRuns.endsAt, since)))
    .orderBy(asc(stationRuns.startsAt))
}

/** The stations on at an instant, with the seconds their runs have left. */
export async function stationsOnAt(db: Db, userId: string, at: Date): Promise<Map<number, number>> {
  const runs = await runsSince(db, userId, at)
  const left = new Map<number, number>()
  for (const run of runs) {
    if (run.startsAt.getTime() <= at.getTime()) {
      left.set(run.station, Math.ceil((run.endsAt.getTime() - at.getTime()) / 1000))
    }
  }
  return left
}

/** What the backpack holds at `now`: production since the last collect, capped. */
function backpackAt(mine: MineRow, runs: readonly StationRun[], now: Date) {
  const mode = mine.mode as MiningMode
  const perDay = MINING.productionPerDay[mode]
  const capacity = MINING.backpackCapacity[mode]
  const perStation = producedPerStation(runs, mine.lastCollectedAt, now, perDay)
  const produced = sum(perStation)
  const amount = Math.min(produced, capacity)
  return {
    mode,
    perStation,
    produced,
    capacity,
    perDay,
    amount,
    perSecond: amount >= capacity ? 0 : perSecondAt(runs, now, perDay),
  }
}

async function mineStateOf(db: Db, userId: string, mine: MineRow, now: Date): Promise<MineState> {
  const since = new Date(Math.min(mine.lastCollectedAt.getTime(), bonusWindowStart(now).getTime()))
  const runs = await runsSince(db, userId, since)
  const backpack = backpackAt(mine, runs, now)
  const bonusDays = await pendingBonusDays(db, userId, await findRankIndex(db, userId), runs, now)
  const mode = mine.mode as MiningMode
  return {
    mode,
    modes: MINING_MODES.map((option) => ({
      mode: option,
      unlocked: option === 'terycarbons' || mine.gemsUnlockedAt !== null,
      price: option === 'gems' ? MINING.gemsModePrice : 0,
    })),
    stations: STATIONS.map((station) => {
      const run = runs.find(
        (r) =>
          r.station === station.number &&
          r.startsAt.getTime() <= now.getTime() &&
          now.getTime() < r.endsAt.getTime(),
      )
      return {
        number: station.number,
        name: station.name,
        share: station.share,
        fuelCost: fuelCost(station.share),
        on: run !== undefined,
        secondsLeft: run ? Math.ceil((run.endsAt.getTime() - now.getTime()) / 1000) : 0,
        endsAt: run ? run.endsAt.toISOString() : null,
      }
    }),
    backpack: {
      currency: mode,
      amount: thousandths(backpack.amount),
      capacity: backpack.capacity,
      perSecond: backpack.perSecond,
      at: now.toISOString(),
    },
    bonus: { amount: sum(bonusDays.map((day) => day.amount)), days: bonusDays.length },
    balances: await getBalances(db, userId),
  }
}

/** GET /api/node: the player's mine now. */
export async function readMine(db: Db, userId: string, now: Date): Promise<MineState> {
  return mineStateOf(db, userId, await openMine(db, userId, now), now)
}

/**
 * Runs `change` on the player's mine under its lock, in one transaction. The mine is opened in
 * that transaction too, so a refused change leaves no mine behind.
 */
async function changeMine<T>(
  db: Db,
  userId: string,
  now: Date,
  change: (tx: Tx, mine: MineRow) => Promise<T>,
): Promise<T> {
  return inTransaction(db, async (tx) => {
    await withAdvisoryLock(tx, `mine:${userId}`)
    return change(tx, await openMine(tx, userId, now))
  })
}

/**
 * POST /api/user/node/activate: pays a station's fuel and turns it on for MINING.stationRunHours.
 * A station that is on already is refused (409), so a double tap never pays twice.
 */
export async function activateStation(
  db: Db,
  userId: string,
  number: number,
  now: Date,
): Promise<void> {
  const station = STATIONS.find((candidate) => candidate.number === number)
  if (!station) throw new DomainError(400, apiMessages.invalidBody)
  await changeMine(db, userId, now, async (tx) => {
    const running = await stationsOnAt(tx, userId, now)
    if (running.has(number)) throw new DomainError(409, miningMessages.stationAlreadyOn)
    await pay(tx, {
      currency: 'terycarbons',
      from: { userId },
      to: { system: 'supply' },
      amount: fuelCost(station.share),
      kind: LEDGER_KINDS.fuel,
      cause: { station: number, hours: MINING.stationRunHours },
      at: now,
    })
    await tx.insert(stationRuns).values({
      userId,
      station: number,
      startsAt: now,
      endsAt: new Date(now.getTime() + MINING.stationRunHours * HOUR_MS),
    })
  })
}

/**
 * Pays what the backpack holds (whole units) and empties it: the collect of POST /api/adlot/collect
 * and of a mode switch. Null, changing nothing, when it holds less than one unit.
 */
async function collectInto(
  tx: Tx,
  userId: string,
  mine: MineRow,
  now: Date,
  trigger: MineCollectCause['trigger'],
): Promise<{ amount: number; currency: MiningMode; payoutId: number } | null> {
  const runs = await runsSince(tx, userId, mine.lastCollectedAt)
  const backpack = backpackAt(mine, runs, now)
  const amount = Math.floor(backpack.amount)
  if (amount < 1) return null
  const cause: MineCollectCause = {
    mode: backpack.mode,
    from: mine.lastCollectedAt.toISOString(),
    to: now.toISOString(),
    produced: thousandths(backpack.produced),
    capacity: backpack.capacity,
    perDay: backpack.perDay,
    trigger,
    ...stationParts(splitWhole(amount, backpack.perStation)),
  }
  const payoutId = await transfer(tx, {
    currency: backpack.mode,
    from: { system: 'supply' },
    to: { userId },
    amount,
    kind: LEDGER_KINDS.collect,
    cause,
    idempotencyKey: `mine-collect:${userId}:${mine.lastCollectedAt.toISOString()}`,
    at: now,
  })
  await tx.update(mines).set({ lastCollectedAt: now }).where(eq(mines.userId, userId))
  return { amount, currency: backpack.mode, payoutId }
}

/**
 * POST /api/adlot/collect: pays the backpack in the mode's currency. `mode` is the mode the
 * player sees; a mode switched elsewhere meanwhile is refused (409) rather than paid in a
 * currency they did not expect.
 */
export async function collectBackpack(
  db: Db,
  userId: string,
  mode: MiningMode,
  now: Date,
): Promise<Omit<CollectResult, 'mine'>> {
  const collected = await changeMine(db, userId, now, async (tx, row) => {
    if (row.mode !== mode) throw new DomainError(409, miningMessages.miningModeChanged)
    const paid = await collectInto(tx, userId, row, now, 'collect')
    // Refused inside the transaction: a mine opened by this call is not kept either.
    if (!paid) throw new DomainError(409, miningMessages.backpackEmpty)
    return paid
  })
  return { ...collected, payoutId: String(collected.payoutId) }
}

/**
 * POST /api/adlot/collectBonus: pays the team bonus of every closed day in the window not paid
 * yet, one ledger transfer per day (its idempotency key is the day's).
 */
export async function collectTeamBonus(
  db: Db,
  userId: string,
  now: Date,
): Promise<Omit<BonusResult, 'mine'>> {
  return changeMine(db, userId, now, async (tx) => {
    if (await isPenalized(tx, userId)) throw new DomainError(403, miningMessages.penalizedNoBonus)
    const runs = await runsSince(tx, userId, bonusWindowStart(now))
    const days = await pendingBonusDays(tx, userId, await findRankIndex(tx, userId), runs, now)
    if (days.length === 0) throw new DomainError(409, miningMessages.noTeamBonus)
    for (const day of days) {
      await transfer(tx, {
        currency: 'gems',
        from: { system: 'supply' },
        to: { userId },
        amount: day.amount,
        kind: LEDGER_KINDS.teamBonus,
        cause: day.cause,
        idempotencyKey: teamBonusKey(userId, day.day),
        at: now,
      })
    }
    return { amount: sum(days.map((day) => day.amount)), days: days.length }
  })
}

/**
 * PATCH /api/user/miningMode: switches what the mine produces. A locked mode is unlocked only
 * with `unlock: true`, paying its price in terycarbons once. Before a switch the backpack is
 * collected in the mode it was mined in, so nothing mined is converted or lost.
 */
export async function changeMiningMode(
  db: Db,
  userId: string,
  body: MiningModeBody,
  now: Date,
): Promise<Omit<MiningModeChange, 'mine'>> {
  return changeMine(db, userId, now, async (tx, row) => {
    let paid = 0
    if (body.mode === 'gems' && row.gemsUnlockedAt === null) {
      if (body.unlock !== true) throw new DomainError(409, miningMessages.miningModeLocked)
      paid = MINING.gemsModePrice
      await pay(tx, {
        currency: 'terycarbons',
        from: { userId },
        to: { system: 'supply' },
        amount: paid,
        kind: LEDGER_KINDS.unlock,
        cause: { mode: body.mode },
        idempotencyKey: `mine-unlock:${userId}:${body.mode}`,
        at: now,
      })
      await tx.update(mines).set({ gemsUnlockedAt: now }).where(eq(mines.userId, userId))
    }
    if (row.mode === body.mode) return { paid, collected: null }
    const collected = await collectInto(tx, userId, row, now, 'modeChange')
    await tx
      .update(mines)
      .set({ mode: body.mode, lastCollectedAt: now })
      .where(eq(mines.userId, userId))
    return {
      paid,
      collected: collected ? { amount: collected.amount, currency: collected.currency } : null,
    }
  })
}

/**
 * POST /api/inventory/purchase/fuel: buys terycarbons with terydollars or gems at the rates of
 * MINING.terycarbonsPer; the payment goes back to the supply and the terycarbons come from it.
 */
export async function buyFuel(
  db: Db,
  userId: string,
  { amount, payWith }: FuelPurchaseBody,
  now: Date,
): Promise<FuelPurchase> {
  const price = amount / MINING.terycarbonsPer[payWith]
  await inTransaction(db, async (tx) => {
    await pay(tx, {
      currency: payWith,
      from: { userId },
      to: { system: 'supply' },
      amount: price,
      kind: LEDGER_KINDS.fuelPurchase,
      cause: { terycarbons: amount },
      at: now,
    })
    await transfer(tx, {
      currency: 'terycarbons',
      from: { system: 'supply' },
      to: { userId },
      amount,
      kind: LEDGER_KINDS.fuelPurchase,
      cause: { paid: price, payWith, rate: MINING.terycarbonsPer[payWith] },
      at: now,
    })
  })
  return {
    terycarbons: amount,
    paid: { amount: price, currency: payWith },
    balances: await getBalances(db, userId),
  }
}

/** SQL: from the runs of the player `id` going at `now` (alias `r`). */
function runningAt(id: SQL, now: Date | Placeholder): SQL {
  return sql`from ${stationRuns} r
    where r.user_id = ${id} and r.starts_at <= ${instantSql(now)} and r.ends_at > ${instantSql(now)}`
}

/** SQL: the number of stations the player `id` has on at `now`. */
export function stationsOnSql(id: SQL, now: Date | Placeholder) {
  return sql<number>`(select count(distinct r.station)::int ${runningAt(id, now)})`
}

/** SQL: the numbers of the stations the player `id` has on at `now`, as JSON text. */
export function stationsOnListSql(id: SQL, now: Date | Placeholder) {
  return sql<string>`(select coalesce(json_agg(distinct r.station), '[]')::text ${runningAt(id, now)})`
}

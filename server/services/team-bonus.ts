import { inArray, sql } from 'drizzle-orm'
import type { TeamBonusCause } from '../../contract/mining'
import { rankPercent } from '../../contract/ranks'
import { STATIONS } from '../../contract/stations'
import { instantSql, selectRows, type Db } from '../db/client'
import { accounts, ledgerEntries, ledgerTransfers, teamLinks } from '../db/schema'
import { bogotaDay, startOfBogotaDay } from './bogota-time'
import {
  generationParts,
  secondsOnPerStation,
  splitWhole,
  stationParts,
  sum,
  thousandths,
  type StationRun,
} from './mine-math'
import { MINING, TEAM_EARNING_KINDS, TEAM_GENERATIONS } from './rules'
import { isPenalizedSql } from './team-tree'

/*
 * The team bonus: the rank percentage of what the team earned on a closed Bogota day, split among
 * the nine stations by their shares, each for the hours it was on that day. A day's bonus is paid
 * once (its ledger idempotency key), within MINING.bonusDays days of its end.
 */

/** A closed Bogota day with its window. */
type Day = { day: string; start: Date; end: Date }

/** The ledger idempotency key of one day's team bonus: it is what makes the day paid once. */
export function teamBonusKey(userId: string, day: string): string {
  return `team-bonus:${userId}:${day}`
}

/** The closed Bogota days whose bonus may still be collected, the most recent first. */
export function bonusWindow(now: Date): Day[] {
  const days: Day[] = []
  let end = startOfBogotaDay(now)
  for (let i = 0; i < MINING.bonusDays; i += 1) {
    const start = startOfBogotaDay(new Date(end.getTime() - 1))
    days.push({ day: bogotaDay(start), start, end })
    end = start
  }
  return days
}

/** The start of the oldest day the bonus still looks at: runs ending before it do not matter. */
export function bonusWindowStart(now: Date): Date {
  return bonusWindow(now).at(-1)?.start ?? startOfBogotaDay(now)
}

/** One day's bonus, ready to pay: its amount and the cause that explains it. */
export type BonusDay = { day: string; amount: number; cause: TeamBonusCause }

/**
 * Gems the team earned on each of the given days, per generation: credits of the earning kinds
 * to the gems accounts of members not under a penalty. One statement.
 */
async function teamEarnings(db: Db, userId: string, days: readonly Day[]) {
  const windows = sql.join(
    days.map((day) => sql`(${day.day}, ${instantSql(day.start)}, ${instantSql(day.end)})`),
    sql`, `,
  )
  const kinds = sql.join(
    TEAM_EARNING_KINDS.map((kind) => sql`${kind}`),
    sql`, `,
  )
  const rows = await selectRows<{ day: string; generation: number; gems: number | string }>(
    db,
    sql`with days(day, starts, ends) as (values ${windows})
        select d.day, t.generation, sum(e.amount) as gems
        from ${teamLinks} t
        join ${accounts} a on a.user_id = t.member_id and a.currency = 'gems'
        join ${ledgerEntries} e on e.account_id = a.id and e.amount > 0
        join ${ledgerTransfers} lt on lt.id = e.transfer_id
        join days d on lt.created_at >= d.starts and lt.created_at < d.ends
        where t.ancestor_id = ${userId} and lt.kind in (${kinds})
          and not ${isPenalizedSql(sql`t.member_id`)}
        group by d.day, t.generation`,
  )
  const byDay = new Map(
    days.map((day) => [day.day, Array.from({ length: TEAM_GENERATIONS }, () => 0)]),
  )
  for (const row of rows) {
    const generations = byDay.get(row.day)
    if (generations) generations[row.generation - 1] = Number(row.gems)
  }
  return byDay
}

/** Gems the team earned during [start, end) (members under a penalty left out). */
export async function teamEarned(db: Db, userId: string, start: Date, end: Date): Promise<number> {
  const earned = await teamEarnings(db, userId, [{ day: 'window', start, end }])
  return sum(earned.get('window') ?? [])
}

/**
 * The bonus of every closed day in the window that is not paid yet and comes to at least one
 * gem, at the player's rank `rankIndex`, from their stations' `runs`.
 */
export async function pendingBonusDays(
  db: Db,
  userId: string,
  rankIndex: number,
  runs: readonly StationRun[],
  now: Date,
): Promise<BonusDay[]> {
  const days = bonusWindow(now)
  const paid = await db
    .select({ key: ledgerTransfers.idempotencyKey })
    .from(ledgerTransfers)
    .where(
      inArray(
        ledgerTransfers.idempotencyKey,
        days.map((day) => teamBonusKey(userId, day.day)),
      ),
    )
  const paidKeys = new Set(paid.map((row) => row.key))
  const open = days.filter((day) => !paidKeys.has(teamBonusKey(userId, day.day)))
  if (open.length === 0) return []
  const earnings = await teamEarnings(db, userId, open)
  const percent = rankPercent(rankIndex)

  const result: BonusDay[] = []
  for (const day of open) {
    const earned = earnings.get(day.day) ?? []
    const teamEarned = sum(earned)
    const pool = (teamEarned * percent) / 100
    const hours = secondsOnPerStation(runs, day.start, day.end).map((seconds) => seconds / 3600)
    const dayHours = (day.end.getTime() - day.start.getTime()) / 3_600_000
    const exact = hours.map(
      (onHours, index) => (pool * (STATIONS[index]?.share ?? 0) * onHours) / (100 * dayHours),
    )
    const amount = Math.floor(sum(exact))
    if (amount < 1) continue
    result.push({
      day: day.day,
      amount,
      cause: {
        day: day.day,
        rankIndex,
        rankPercent: percent,
        teamEarned,
        pool: thousandths(pool),
        ...generationParts(earned),
        ...stationParts(splitWhole(amount, exact)),
        ...(Object.fromEntries(
          hours.map((onHours, index) => [`h${index + 1}`, Math.round(onHours * 100) / 100]),
        ) as Record<`h${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`, number>),
      },
    })
  }
  return result
}

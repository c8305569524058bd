import type { GenerationParts, StationParts } from '../../contract/mining'
import { STATIONS } from '../../contract/stations'

/*
 * The mine's arithmetic, pure: what stations produce over a window of time, computed from their
 * runs' timestamps (nothing depends on a timer running in the server), and how a whole payout is
 * split into the parts its explanation shows.
 */

const SECONDS_PER_DAY = 86_400

/** One run of a station: fueled at `startsAt`, on until `endsAt`. */
export type StationRun = { station: number; startsAt: Date; endsAt: Date }

/** Seconds each station (index 0 is station 1) was on during [from, to). */
export function secondsOnPerStation(runs: readonly StationRun[], from: Date, to: Date): number[] {
  const seconds = STATIONS.map(() => 0)
  for (const run of runs) {
    const start = Math.max(run.startsAt.getTime(), from.getTime())
    const end = Math.min(run.endsAt.getTime(), to.getTime())
    if (end > start)
      seconds[run.station - 1] = (seconds[run.station - 1] ?? 0) + (end - start) / 1000
  }
  return seconds
}

/**
 * What each station produced during [from, to): its share of the full mine's daily production,
 * for the time it was on. Exact (fractional); payouts are whole units of the total.
 */
export function producedPerStation(
  runs: readonly StationRun[],
  from: Date,
  to: Date,
  perDay: number,
): number[] {
  return secondsOnPerStation(runs, from, to).map(
    (seconds, index) =>
      (perDay * (STATIONS[index]?.share ?? 0) * seconds) / (100 * SECONDS_PER_DAY),
  )
}

/** How fast the stations on at `at` fill the backpack, per second. */
export function perSecondAt(runs: readonly StationRun[], at: Date, perDay: number): number {
  const time = at.getTime()
  let share = 0
  for (const run of runs) {
    if (run.startsAt.getTime() <= time && time < run.endsAt.getTime()) {
      share += STATIONS[run.station - 1]?.share ?? 0
    }
  }
  return (perDay * share) / (100 * SECONDS_PER_DAY)
}

export const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0)

/** To the thousandth, as the backpack shows it. */
export function thousandths(value: number): number {
  return Math.round(value * 1000) / 1000
}

/**
 * Splits a whole `total` among parts in proportion to `weights`: each part rounded down, then
 * the units left over to the largest remainders (the first part on a tie), so the parts sum to
 * `total` exactly.
 */
export function splitWhole(total: number, weights: readonly number[]): number[] {
  const weight = sum(weights)
  if (total <= 0 || weight <= 0) return weights.map(() => 0)
  const exact = weights.map((w) => (total * w) / weight)
  const parts = exact.map(Math.floor)
  let left = total - sum(parts)
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index)
  for (const { index } of byRemainder) {
    if (left <= 0) break
    parts[index] = (parts[index] ?? 0) + 1
    left -= 1
  }
  return parts
}

/** `{ s1: ..., s9: ... }` from nine numbers, for a payout's cause. */
export function stationParts(values: readonly number[]): StationParts {
  return Object.fromEntries(STATIONS.map((_, i) => [`s${i + 1}`, values[i] ?? 0])) as StationParts
}

/** `{ g1: ..., g8: ... }` from eight numbers, for a payout's cause. */
export function generationParts(values: readonly number[]): GenerationParts {
  return Object.fromEntries(
    Array.from({ length: 8 }, (_, i) => [`g${i + 1}`, values[i] ?? 0]),
  ) as GenerationParts
}

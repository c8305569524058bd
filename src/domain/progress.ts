import { clamp } from './percent'

/*
 * The rank progress bar is read as two parts laid end to end (spec: "80% of the bar equals the
 * percent; another gives extra beyond 60, up to a maximum of 20"):
 * - the first 80% of the bar is the progress percent towards the next rank, scaled: 100% of
 *   the requirement fills 80 points of the bar;
 * - the last 20% is a bonus: every point of the measured value beyond 60 adds one point, up to
 *   20 (a value of 80 or more fills it).
 * Both parts together never exceed 100.
 */

/** Share of the progress bar the main part fills: `percent` (clamped to 0..100) times 0.8. */
export function progressBase(percent: number): number {
  return clamp(percent, 0, 100) * 0.8
}

/** Extra share of the bar: what `value` has beyond 60, between 0 and 20. */
export function progressExtra(value: number): number {
  return clamp(value - 60, 0, 20)
}

/** The whole filled share of the bar, 0 to 100: base plus extra. */
export function progressTotal(percent: number, value: number): number {
  return progressBase(percent) + progressExtra(value)
}

import { randomInt } from 'node:crypto'

/**
 * How long the harnesses run: a short pass in `npm test` (every check on every endpoint, a few
 * dozen cases each), the long one under `npm run fuzz` and `npm run crash` (scripts/harness.ts
 * sets HARNESS=long).
 */
export const longRun = process.env.HARNESS === 'long'

/** Picks the figure of the current run. */
export function perRun<T>(short: T, long: T): T {
  return longRun ? long : short
}

/**
 * The seed of a run: HARNESS_SEED when set (to replay a run), else a new one. Harnesses print it
 * first, with the command that replays the run.
 */
export const harnessSeed = process.env.HARNESS_SEED
  ? Number(process.env.HARNESS_SEED)
  : randomInt(1, 2 ** 31 - 1)

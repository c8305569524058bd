import { bogotaWeek } from './bogota-time'
import { settleLapsedCoupons } from './coupons'
import type { ScheduledJob } from './jobs'
import { releaseDueTransfers } from './gem-transfers'
import { latestClosing, runLotteryDraws } from './lottery'
import { sweepExpired } from './maintenance'
import { payWaitingPayouts } from './market'
import { approveWaitingOrders } from './terydollar-orders'
import { runWeeklyReset } from './weekly-reset'

/** The hour an instant falls in, `2026-11-23T14`: hourly jobs key on it. */
function utcHour(now: Date): string {
  return now.toISOString().slice(0, 13)
}

/** The minute an instant falls in, `2026-11-23T14:05`. */
function utcMinute(now: Date): string {
  return now.toISOString().slice(0, 16)
}

/**
 * Monday 00:00 in Bogota: penalties, promotions and the week's messages. Named on its own for the
 * demo seed, which records the current week's run as done (seed/mining.ts).
 */
export const WEEKLY_RESET_JOB: ScheduledJob = {
  name: 'weekly-reset',
  periodOf: bogotaWeek,
  run: (tx, week, now) => runWeeklyReset(tx, week, now),
}

/**
 * What the game does on its own, on a schedule. The server looks every minute and each job runs
 * once per period across all servers (server/services/jobs.ts); `npm run admin -- run-job <name>`
 * runs one now. A scheduled part of the game is one more entry here.
 */
export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  {
    name: 'sweep-expired',
    periodOf: utcHour,
    run: (tx) => sweepExpired(tx),
  },
  {
    // Held gem transfers arrive within the hour after their release time.
    name: 'release-gem-transfers',
    periodOf: utcHour,
    run: async (tx, _period, now) => {
      await releaseDueTransfers(tx, now)
    },
  },
  {
    // Express coupons whose time ran out become claimable (missions done in time) or expired,
    // and an expired coupon's unfinished missions leave the player's lists within the hour.
    name: 'settle-coupons',
    periodOf: utcHour,
    run: async (tx, _period, now) => {
      await settleLapsedCoupons(tx, now)
    },
  },
  WEEKLY_RESET_JOB,
  {
    // Each scheduled closing of the lottery (Sunday 20:00 in Bogota): draw what closed, open the
    // next draw. The first look after a start opens the first draw.
    name: 'lottery-draw',
    periodOf: (now) => latestClosing(now).toISOString(),
    run: async (tx, _period, now) => {
      await runLotteryDraws(tx, now)
    },
  },
]

/**
 * The demo's operator, only with SEED=demo: it approves terydollar orders whose voucher has
 * waited `delayMs` and pays conversions that have waited as long, so a newcomer sees the whole
 * flow without running the operator commands. Every minute.
 */
export function demoOperatorJob(delayMs: number): ScheduledJob {
  return {
    name: 'demo-operator',
    periodOf: utcMinute,
    run: async (tx, _period, now) => {
      await approveWaitingOrders(tx, now, delayMs)
      await payWaitingPayouts(tx, now, delayMs)
    },
  }
}

/** The jobs a server runs: the game's, and the demo's operator when the demo is seeded. */
export function jobsFor(env: { seed: 'demo' | 'none'; demoOperatorDelayMs: number }) {
  return env.seed === 'demo'
    ? [...SCHEDULED_JOBS, demoOperatorJob(env.demoOperatorDelayMs)]
    : SCHEDULED_JOBS
}

/** How often a running server looks for due jobs. */
export const JOB_LOOK_INTERVAL_MS = 60 * 1000

/**
 * How long after it starts listening a server first looks. PGlite runs a statement on the event
 * loop's thread, so the first look's transactions (about 0.5 s of them on the demo) held the
 * first requests of a start behind them.
 */
export const JOB_FIRST_LOOK_MS = 3 * 1000

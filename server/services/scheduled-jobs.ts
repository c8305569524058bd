import type { ScheduledJob } from './jobs'
import { latestClosing, runLotteryDraws } from './lottery'
import { sweepExpired } from './maintenance'

/** The hour an instant falls in, `2026-11-23T14`: hourly jobs key on it. */
function utcHour(now: Date): string {
  return now.toISOString().slice(0, 13)
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
    // Each scheduled closing of the lottery (Sunday 20:00 in Bogota): draw what closed, open the
    // next draw. The first look after a start opens the first draw.
    name: 'lottery-draw',
    periodOf: (now) => latestClosing(now).toISOString(),
    run: async (tx, _period, now) => {
      await runLotteryDraws(tx, now)
    },
  },
]

/** How often a running server looks for due jobs. */
export const JOB_LOOK_INTERVAL_MS = 60 * 1000

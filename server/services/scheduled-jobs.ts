import { bogotaWeek } from './bogota-time'
import type { ScheduledJob } from './jobs'
import { sweepExpired } from './maintenance'
import { runWeeklyReset } from './weekly-reset'

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
    // Monday 00:00 in Bogota: penalties, promotions and the week's messages.
    name: 'weekly-reset',
    periodOf: bogotaWeek,
    run: (tx, week, now) => runWeeklyReset(tx, week, now),
  },
]

/** How often a running server looks for due jobs. */
export const JOB_LOOK_INTERVAL_MS = 60 * 1000

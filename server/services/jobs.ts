import type { Db, Tx } from '../db/client'
import { jobRuns } from '../db/schema'
import { inTransaction } from './atomic'

/**
 * A piece of work the game does on a schedule (the weekly reset, a lottery draw): at most once per
 * period, however many servers share the database and however often they look.
 */
export type ScheduledJob = {
  name: string
  /**
   * The period an instant belongs to (`bogotaWeek(now)` for a weekly job), or null while nothing
   * is due (a draw before its date).
   */
  periodOf: (now: Date) => string | null
  /** The work, inside the transaction that records the run: it commits or is undone with it. */
  run: (tx: Tx, period: string, now: Date) => Promise<void>
}

export type JobOutcome = 'ran' | 'already ran' | 'not due'

/**
 * Runs a job for the period `now` falls in, unless some server already did: the run's row is
 * inserted first (its key is job and period), and only the transaction that inserted it runs the
 * work; a failure rolls both back, so the next look tries again.
 */
export async function runJobOnce(db: Db, job: ScheduledJob, now: Date): Promise<JobOutcome> {
  const period = job.periodOf(now)
  if (period === null) return 'not due'
  return inTransaction(db, async (tx) => {
    const inserted = await tx
      .insert(jobRuns)
      .values({ job: job.name, period, ranAt: now })
      .onConflictDoNothing()
      .returning({ job: jobRuns.job })
    if (inserted.length === 0) return 'already ran'
    await job.run(tx, period, now)
    return 'ran'
  })
}

/**
 * Looks every `intervalMs` for due jobs and runs them once per period (several servers may look
 * at once: the database decides). Returns the function that stops looking.
 */
export function startJobScheduler(
  db: Db,
  jobs: readonly ScheduledJob[],
  options: {
    intervalMs: number
    /** How long the first look waits (0: at once). */
    firstLookMs?: number
    now: () => Date
    onError: (job: string, error: unknown) => void
  },
): () => void {
  let running = false
  const look = async () => {
    if (running) return
    running = true
    try {
      for (const job of jobs) {
        try {
          await runJobOnce(db, job, options.now())
        } catch (error) {
          options.onError(job.name, error)
        }
      }
    } finally {
      running = false
    }
  }
  const first = setTimeout(() => void look(), options.firstLookMs ?? 0)
  const timer = setInterval(() => void look(), options.intervalMs)
  first.unref()
  timer.unref()
  return () => {
    clearTimeout(first)
    clearInterval(timer)
  }
}

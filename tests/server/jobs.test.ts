import { count, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCommand } from '../../server/cli'
import { jobRuns } from '../../server/db/schema'
import {
  bogotaDay,
  bogotaWeek,
  bogotaWeekday,
  bogotaWeekOf,
  startOfBogotaDay,
  startOfBogotaWeek,
} from '../../server/services/bogota-time'
import { runJobOnce, type ScheduledJob } from '../../server/services/jobs'
import { startTestServer, type TestServer } from './support/test-server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
  await server.db.execute(sql`create table test_job_work (period text not null)`)
})

afterAll(async () => {
  await server.close()
})

describe('Bogota calendar', () => {
  it('puts an instant on the day and week a player in Colombia lives it', () => {
    // 23:59:59 on Sunday 22 November in Bogota (UTC-5) is already Monday in UTC.
    const sundayNight = new Date('2026-11-23T04:59:59Z')
    expect(bogotaDay(sundayNight)).toBe('2026-11-22')
    expect(bogotaWeekday(sundayNight)).toBe(6)
    expect(bogotaWeek(sundayNight)).toBe('2026-11-16')

    const mondayMidnight = new Date('2026-11-23T05:00:00Z')
    expect(bogotaDay(mondayMidnight)).toBe('2026-11-23')
    expect(bogotaWeekday(mondayMidnight)).toBe(0)
    expect(bogotaWeek(mondayMidnight)).toBe('2026-11-23')
  })

  it('finds where the day and the week began, across a month', () => {
    const tuesday = new Date('2026-12-01T15:30:00Z')
    expect(startOfBogotaDay(tuesday).toISOString()).toBe('2026-12-01T05:00:00.000Z')
    expect(startOfBogotaWeek(tuesday).toISOString()).toBe('2026-11-30T05:00:00.000Z')
  })

  it('answers each instant with its own week, in any order of calls', () => {
    const weeks = (instant: string) => {
      const { start, end } = bogotaWeekOf(new Date(instant))
      return [start.toISOString(), end.toISOString()]
    }
    const lastWeek = ['2026-11-16T05:00:00.000Z', '2026-11-23T05:00:00.000Z']
    const thisWeek = ['2026-11-23T05:00:00.000Z', '2026-11-30T05:00:00.000Z']
    expect(weeks('2026-11-23T04:59:59.999Z')).toEqual(lastWeek)
    expect(weeks('2026-11-23T05:00:00.000Z')).toEqual(thisWeek)
    expect(weeks('2026-11-29T23:00:00.000Z')).toEqual(thisWeek)
    expect(weeks('2026-11-30T04:59:59.999Z')).toEqual(thisWeek)
    expect(weeks('2026-11-30T05:00:00.000Z')).toEqual([
      '2026-11-30T05:00:00.000Z',
      '2026-12-07T05:00:00.000Z',
    ])
    expect(weeks('2026-11-16T05:00:00.000Z')).toEqual(lastWeek)
  })
})

/** A job whose work is a row per run, so the test counts how often it really ran. */
function countingJob(name: string, fail = false): ScheduledJob {
  return {
    name,
    periodOf: (now) => (now.getUTCFullYear() < 2026 ? null : bogotaWeek(now)),
    run: async (tx, period) => {
      await tx.execute(sql`insert into test_job_work (period) values (${`${name}:${period}`})`)
      if (fail) throw new Error('the work failed')
    },
  }
}

async function workDone(name: string): Promise<number> {
  const rows = (await server.db.execute(
    sql`select count(*)::int as n from test_job_work where period like ${`${name}:%`}`,
  )) as unknown
  const list = Array.isArray(rows) ? rows : (rows as { rows: { n: number }[] }).rows
  return Number((list[0] as { n: number }).n)
}

describe('runJobOnce', () => {
  const monday = new Date('2026-11-23T12:00:00Z')

  it('runs a job once per period, and again in the next one', async () => {
    const job = countingJob('weekly')
    expect(await runJobOnce(server.db, job, monday)).toBe('ran')
    expect(await runJobOnce(server.db, job, new Date('2026-11-29T23:00:00Z'))).toBe('already ran')
    expect(await runJobOnce(server.db, job, new Date('2026-11-30T06:00:00Z'))).toBe('ran')
    expect(await workDone('weekly')).toBe(2)
  })

  it('does nothing while the job is not due', async () => {
    expect(await runJobOnce(server.db, countingJob('later'), new Date('2025-01-01'))).toBe(
      'not due',
    )
    expect(await workDone('later')).toBe(0)
  })

  it('forgets a run whose work failed, so the next look runs it again', async () => {
    await expect(runJobOnce(server.db, countingJob('flaky', true), monday)).rejects.toThrow(
      'the work failed',
    )
    const [row] = await server.db
      .select({ n: count() })
      .from(jobRuns)
      .where(sql`job = 'flaky'`)
    expect(row?.n).toBe(0)
    expect(await runJobOnce(server.db, countingJob('flaky'), monday)).toBe('ran')
    expect(await workDone('flaky')).toBe(1)
  })

  it('runs once when many servers look at the same moment', async () => {
    const job = countingJob('raced')
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => runJobOnce(server.db, job, monday)),
    )
    expect(outcomes.filter((outcome) => outcome === 'ran')).toHaveLength(1)
    expect(outcomes.filter((outcome) => outcome === 'already ran')).toHaveLength(19)
    expect(await workDone('raced')).toBe(1)
  })
})

describe('npm run admin -- run-job', () => {
  it('runs a scheduled job now, once per period', async () => {
    const lines: string[] = []
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) }
    expect(await runCommand(server.db, ['run-job', 'sweep-expired'], io)).toBe(0)
    expect(await runCommand(server.db, ['run-job', 'sweep-expired'], io)).toBe(0)
    expect(lines).toEqual(['sweep-expired: ran', 'sweep-expired: already ran'])
    expect(await runCommand(server.db, ['run-job', 'nada'], io)).toBe(1)
    expect(lines.at(-1)).toBe('Unknown job: nada')
  })
})

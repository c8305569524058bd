/**
 * The long harness runs, outside `npm test`:
 *
 *   npm run fuzz    the fuzz, endpoint-security, model and login-flood test files with
 *                   HARNESS=long (1,000 bodies per endpoint, 200 model sequences, 30 s of login
 *                   flood held to issue 29's goals); extra arguments go to Vitest
 *   npm run crash   the crash harness on PGlite and on PostgreSQL (DATABASE_URL names the
 *                   server: a new database is made per run and dropped after), then two servers
 *                   on one PostgreSQL database (tests/harness/crash.ts)
 *
 * Both print the seed first and the command that replays the run (HARNESS_SEED=...). `npm run
 * crash` exits 1 on any lost or duplicated movement, a broken ledger, a 5xx, a job run twice, two
 * answers to one request that differ, a stuck key (a request sent again after a restart answered
 * 409 or nothing: decision 025), or a PostgreSQL restart slower than its bound (PGlite's are
 * reported: decision 012); CRASH_CYCLES changes the number of kills per database (10).
 */
import { spawn } from 'node:child_process'
import { harnessSeed } from '../tests/harness/run-mode'
import { crashRun, twoServersRun, type RunReport } from '../tests/harness/crash'
import { bin, root } from './lib/server-process'
import { textTable } from './lib/text-table'

const say = (line: string) => console.info(`[harness] ${line}`)

function fuzz(args: string[]): Promise<number> {
  say(`fuzz: seed ${harnessSeed} (replay: HARNESS_SEED=${harnessSeed} npm run fuzz)`)
  const files = [
    'tests/server/fuzz.test.ts',
    'tests/server/endpoint-security.test.ts',
    'tests/server/model.test.ts',
    'tests/server/login-flood.test.ts',
  ]
  return new Promise((done) => {
    const child = spawn(bin('vitest'), ['run', '--project', 'server', ...files, ...args], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, HARNESS: 'long', HARNESS_SEED: String(harnessSeed) },
    })
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)))
    child.on('error', () => done(1))
  })
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}
const ms = (value: number) => `${Math.round(value)} ms`

function summary(reports: RunReport[]): string {
  const rows = reports.map((report) => {
    const of = (outcome: string) =>
      report.attempts.filter((attempt) => attempt.outcome === outcome).length
    return [
      report.name,
      String(report.cycles),
      String(report.attempts.length),
      String(of('acknowledged')),
      String(of('refused')),
      String(of('no answer')),
      String(report.verdict.doneUnanswered),
      String(report.verdict.lost.length),
      String(report.verdict.duplicated.length),
      String(of('server error')),
      report.restartsMs.length > 0 ? ms(Math.max(...report.restartsMs)) : '-',
      report.restartsMs.length > 0 ? ms(median(report.restartsMs)) : '-',
      report.recoveriesMs.length > 0
        ? `${ms(Math.max(...report.recoveriesMs))} (${report.restartBoundMs === null ? 'reported' : `bound ${ms(report.restartBoundMs)}`})`
        : '-',
      `${report.resends.sent}: ${report.resends.stored} / ${report.resends.fresh} / ${report.resends.stuck}`,
    ]
  })
  const header = [
    'run',
    'kills',
    'requests',
    'acknowledged',
    'refused',
    'no answer',
    'of which done',
    'lost',
    'duplicated',
    '5xx',
    'restart max',
    'restart median',
    'less code load, max',
    'sent again: stored / afresh / stuck',
  ]
  return textTable([header, ...rows], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13])
}

/** Everything that fails a run, one line each. */
function failuresOf(report: RunReport): string[] {
  const { verdict } = report
  return [
    ...verdict.lost.map((line) => `lost: ${line}`),
    ...verdict.duplicated.map((line) => `duplicated: ${line}`),
    ...verdict.unexplained.map((line) => `unexplained: ${line}`),
    ...verdict.ledger.map((line) => `ledger: ${line}`),
    ...report.attempts
      .filter((attempt) => attempt.outcome === 'server error')
      .map((attempt) => `5xx: ${JSON.stringify(attempt.movement)} answered ${attempt.body}`),
    ...report.recoveriesMs
      .filter((time) => report.restartBoundMs !== null && time > report.restartBoundMs)
      .map(
        (time) =>
          `slow restart: ${ms(time)} once the code was loaded, bound ${ms(report.restartBoundMs ?? 0)}`,
      ),
    ...report.resends.stuckAnswers.map(
      (answer) => `stuck key: sent again after a restart, ${answer}`,
    ),
    ...(report.keysWithoutAnswer > 0
      ? [`${report.keysWithoutAnswer} keys are held without an answer after the run`]
      : []),
    ...report.problems,
  ].map((line) => `${report.name}: ${line}`)
}

async function crash(): Promise<number> {
  const seed = harnessSeed
  const cycles = Number(process.env.CRASH_CYCLES ?? 10)
  const postgresUrl = process.env.DATABASE_URL?.trim() || null
  say(`crash: seed ${seed} (replay: HARNESS_SEED=${seed} npm run crash)`)
  const log = (line: string) => say(line)
  const reports: RunReport[] = []
  reports.push(
    await crashRun({ name: 'crash, PGlite', database: { kind: 'pglite' }, seed, cycles, log }),
  )
  if (postgresUrl) {
    reports.push(
      await crashRun({
        name: 'crash, PostgreSQL',
        database: { kind: 'postgres', baseUrl: postgresUrl },
        seed,
        cycles,
        log,
      }),
    )
    reports.push(await twoServersRun({ baseUrl: postgresUrl, seed, loadMs: 10_000, log }))
  } else {
    console.error(
      '!! DATABASE_URL is not set: the PostgreSQL crash run and the two-servers run were SKIPPED.\n' +
        '!! Run them with DATABASE_URL=postgres://user@host:port/db npm run crash (a new database ' +
        'is made and dropped per run).',
    )
  }
  for (const report of reports) {
    const statuses = new Map<string, number>()
    for (const { status } of report.attempts) {
      const shown = status === null ? 'none' : String(status)
      statuses.set(shown, (statuses.get(shown) ?? 0) + 1)
    }
    const answers = [...statuses].map(([status, n]) => `${status} ×${n}`).join(', ')
    say(`${report.name}: answers ${answers}`)
  }
  console.info(`\n${summary(reports)}\n`)
  const failures = reports.flatMap(failuresOf)
  for (const line of failures.slice(0, 50)) console.error(line)
  if (failures.length > 50) console.error(`… and ${failures.length - 50} more`)
  say(
    failures.length === 0
      ? `no loss, no duplicate, the ledger sound, no 5xx (seed ${seed})`
      : `${failures.length} failures (replay: HARNESS_SEED=${seed} npm run crash)`,
  )
  return failures.length === 0 ? 0 : 1
}

const [command, ...args] = process.argv.slice(2)
const run = command === 'fuzz' ? fuzz(args) : command === 'crash' ? crash() : null
if (run === null) {
  console.error('Usage: tsx scripts/harness.ts fuzz|crash')
  process.exit(2)
}
run.then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)

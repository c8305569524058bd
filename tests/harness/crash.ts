import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { count, eq, isNull } from 'drizzle-orm'
import postgres from 'postgres'
import { openPostgres, type Database, type Db } from '../../server/db/client'
import { openDatabase } from '../../server/db/open-database'
import { idempotencyKeys, jobRuns, lotteryDraws } from '../../server/db/schema'
import { SCHEDULED_JOBS } from '../../server/services/scheduled-jobs'
import {
  freePort,
  killServer,
  root,
  startServer,
  stopServer,
  waitUntilReady,
  type RunningServer,
} from '../../scripts/lib/server-process'
import { seededRandom } from '../../scripts/lib/seeded-random'
import { apiMessages } from '../../contract/messages'
import { httpApi } from './api'
import {
  logInLoadPlayers,
  MoneyLoad,
  sameAnswer,
  verifyMovements,
  type Attempt,
  type LoadClient,
  type Target,
  type Verdict,
} from './money-load'

/*
 * The crash and several-servers harnesses (`npm run crash`, scripts/harness.ts): the real server
 * in child processes on loopback, the money-moving load of money-load.ts over HTTP, SIGKILL at
 * seeded random moments, and the database read afterwards.
 */

/**
 * How long a restarted server may take to answer again, not counting the time the runtime takes
 * to load the server's code (node, the tsx loader and the modules: measured on its own in the
 * same run, since a loaded machine stretches it whatever the server does).
 */
export const RESTART_BOUND_MS = 2_000

/**
 * The bound a run's restarts are held to. PGlite's is reported, not held: opening the embedded
 * database takes 3.5 to 4 s on a loaded 2-core machine whether the last server was killed or
 * stopped cleanly (decision 012), so the bound would measure PGlite's start, not the recovery.
 */
function restartBoundOf(database: DatabaseChoice): number | null {
  return database.kind === 'postgres' ? RESTART_BOUND_MS : null
}

/** The jobs whose single run the two-servers harness checks: their period spans the run. */
const ONCE_CHECKED = ['weekly-reset', 'lottery-draw']

export type RunReport = {
  name: string
  cycles: number
  attempts: Attempt[]
  verdict: Verdict
  /** Spawn to the first 200 of GET /api/config, per restart. */
  restartsMs: number[]
  /**
   * Per restart, its time less the time node took to load the server's code just after
   * it (measureCodeLoad): what the server itself spent opening the killed database, recovering,
   * migrating and listening. RESTART_BOUND_MS bounds it.
   */
  recoveriesMs: number[]
  /** What recoveriesMs must stay under, or null where it is only reported. */
  restartBoundMs: number | null
  /** What the requests a kill left unanswered got when their client sent them again. */
  resends: Resends
  /** Keys the database holds without an answer: a request's reservation outlived its request. */
  keysWithoutAnswer: number
  /** What went wrong outside the movements (a job run twice, twin answers that differ). */
  problems: string[]
}

/**
 * The requests in flight at the kills, sent again with their keys after each restart: answered
 * with what was stored with their movement, run afresh (their movement had not committed; the
 * run may refuse it, e.g. 409 for an offer bought meanwhile), or stuck: no answer, or the 409 that
 * says the key is still held (by a request that died). `stuckAnswers` names the stuck ones.
 */
export type Resends = {
  sent: number
  stored: number
  fresh: number
  stuck: number
  stuckAnswers: string[]
}

/** The answer of a request whose key another request holds: the only 409 a key itself causes. */
function keyStillHeld(attempt: Attempt): boolean {
  if (attempt.status !== 409 || attempt.body === null) return false
  try {
    return (
      (JSON.parse(attempt.body) as { message?: unknown }).message ===
      apiMessages.idempotencyKeyInProgress
    )
  } catch {
    return false
  }
}

function countResends(attempts: readonly Attempt[]): Resends {
  const resends = attempts.filter((attempt) => attempt.resendOf !== null)
  const stuck = resends.filter((attempt) => attempt.status === null || keyStillHeld(attempt))
  const stored = resends.filter((attempt) => attempt.replayed)
  return {
    sent: resends.length,
    stored: stored.length,
    fresh: resends.length - stored.length - stuck.length,
    stuck: stuck.length,
    stuckAnswers: stuck.map(
      (attempt) =>
        `${attempt.key} ${JSON.stringify(attempt.movement)}: ${attempt.status ?? 'no answer'} ${attempt.body ?? ''}`,
    ),
  }
}

export type DatabaseChoice = { kind: 'pglite' } | { kind: 'postgres'; baseUrl: string }

/** The server's environment for a database: PGlite in the data folder, or PostgreSQL. */
type Place = { dataDir: string; env: NodeJS.ProcessEnv; open: () => Promise<Database> }

/**
 * A fresh database for one run: a new PGlite folder, or a new database on the PostgreSQL server
 * `baseUrl` names (runs never see each other); `drop` removes it.
 */
async function freshPlace(
  choice: DatabaseChoice,
  name: string,
): Promise<Place & { drop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tery-crash-'))
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true })
  if (choice.kind === 'pglite') {
    return {
      dataDir,
      env: {},
      open: () => openDatabase({ dataDir, databaseUrl: null }),
      drop: async () => removeDir(),
    }
  }
  const admin = postgres(choice.baseUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database "${name}"`)
  const url = new URL(choice.baseUrl)
  url.pathname = `/${name}`
  return {
    dataDir,
    env: { DATABASE_URL: url.toString() },
    open: async () => openPostgres(url.toString(), { max: 2 }),
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`)
      await admin.end()
      removeDir()
    },
  }
}

/**
 * How long this machine takes right now to start `npm start`'s process and load the server's
 * code without running it: the same launcher with an invalid PORT, which the server refuses as
 * the first thing it does once its modules are loaded, before it touches any database.
 */
export function measureCodeLoad(): Promise<number> {
  return new Promise<number>((done, fail) => {
    const started = performance.now()
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      stdio: 'ignore',
      env: { ...process.env, PORT: 'no-es-un-puerto' },
    })
    child.once('error', fail)
    child.once('exit', (code) =>
      // 1 is the server refusing the PORT; anything else means the code did not load.
      code === 1 ? done(performance.now() - started) : fail(new Error(`code load: ${code}`)),
    )
  })
}

function launch(place: Place, port: number): RunningServer {
  return startServer(port, place.dataDir, place.env)
}

/** Waits for a server's first answer; a server that does not answer fails with its output. */
async function ready(server: RunningServer, firstStart: boolean): Promise<void> {
  try {
    // The first start migrates and seeds (and may build the SPA); a restart should be quick.
    await waitUntilReady(server, firstStart ? 180_000 : 60_000, 10)
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${server.log.join('')}`, { cause: error })
  }
}

/** Keys held without an answer once every server has stopped. */
async function countKeysWithoutAnswer(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(idempotencyKeys)
    .where(isNull(idempotencyKeys.status))
  return row?.n ?? 0
}

function loadStartsNow(): Date {
  // A second back, for the clocks of the database and this process; the seed's rows are hours old.
  return new Date(Date.now() - 1_000)
}

/** What the database says of a run's movements once it is over, and the keys a kill left. */
async function readOutcome(
  db: Parameters<typeof verifyMovements>[0],
  attempts: Attempt[],
  clients: readonly { id: string }[],
  since: Parameters<typeof verifyMovements>[3],
): Promise<Pick<RunReport, 'attempts' | 'verdict' | 'resends' | 'keysWithoutAnswer'>> {
  return {
    attempts,
    verdict: await verifyMovements(
      db,
      attempts,
      clients.map((client) => client.id),
      since,
    ),
    resends: countResends(attempts),
    keysWithoutAnswer: await countKeysWithoutAnswer(db),
  }
}

/**
 * The crash harness on one database: `cycles` times, the load runs for a seeded random while and
 * the server's process group gets SIGKILL under it; the server starts again on the same data, its
 * time to answer is taken, and the requests the kill left unanswered are sent again with their
 * keys. Then a last load without a kill, a normal stop, and the database is
 * read: every acknowledged movement exactly once, none twice, the ledger sound.
 */
export async function crashRun(options: {
  name: string
  database: DatabaseChoice
  seed: number
  cycles: number
  log: (line: string) => void
}): Promise<RunReport> {
  const { name, seed, cycles, log } = options
  const random = seededRandom(seed)
  const place = await freshPlace(options.database, `tery_crash_${seed}_${process.pid}`)
  const port = await freePort()
  const restartsMs: number[] = []
  const recoveriesMs: number[] = []
  let server: RunningServer | null = null
  try {
    server = launch(place, port)
    await ready(server, true)
    const target: Target = { api: httpApi(server.baseUrl), label: 'server' }
    const clients = await logInLoadPlayers(target.api)
    const load = new MoneyLoad(clients, seed)
    await load.prepare(target.api)
    const since = loadStartsNow()
    const runLoad = async (ms: number, kill: boolean) => {
      let stop = false
      const running = Promise.all(
        clients.map((client) => load.runClient(client, [target], () => stop)),
      )
      await sleep(ms)
      stop = true
      if (kill && server) await killServer(server)
      await running
    }
    for (let cycle = 1; cycle <= cycles; cycle += 1) {
      // Anywhere from a few requests in to a couple of seconds of load.
      await runLoad(150 + Math.floor(random() * 2_000), true)
      server = launch(place, port)
      await ready(server, false)
      const restart = performance.now() - server.spawnedAt
      const codeLoad = await measureCodeLoad()
      restartsMs.push(restart)
      recoveriesMs.push(restart - codeLoad)
      const resent = await load.resendUnanswered(target)
      const { stored, fresh, stuck } = countResends(resent)
      log(
        `${name}: kill ${cycle}/${cycles}: answering again ${Math.round(restart)} ms after ` +
          `the spawn (loading the code alone takes ${Math.round(codeLoad)} ms now); ` +
          `${resent.length} requests in flight sent again: ${stored} stored answers, ` +
          `${fresh} run afresh, ${stuck} stuck`,
      )
    }
    await runLoad(1_000, false)
    await stopServer(server)
    server = null

    const database = await place.open()
    try {
      return {
        name,
        cycles,
        ...(await readOutcome(database.db, load.attempts, clients, since)),
        restartsMs,
        recoveriesMs,
        restartBoundMs: restartBoundOf(options.database),
        problems: [],
      }
    } finally {
      await database.close()
    }
  } finally {
    if (server) await stopServer(server)
    await place.drop()
  }
}

/**
 * Two servers on one new PostgreSQL database, started at the same moment (so both seed and find
 * every scheduled job due at once), under the load spread over both; besides, two players send
 * each of their movements to both servers at once with the same Idempotency-Key, and between two
 * of those two players race for one offer through the two servers. Then: each job ran once for
 * its period, the two answers to a request sent twice are the same, and the movements are
 * verified as after a crash.
 */
export async function twoServersRun(options: {
  baseUrl: string
  seed: number
  loadMs: number
  log: (line: string) => void
}): Promise<RunReport> {
  const { seed, log } = options
  const name = 'two servers, PostgreSQL'
  const place = await freshPlace(
    { kind: 'postgres', baseUrl: options.baseUrl },
    `tery_two_${seed}_${process.pid}`,
  )
  const servers: RunningServer[] = []
  const problems: string[] = []
  try {
    const [one, two] = [launch(place, await freePort()), launch(place, await freePort())]
    servers.push(one, two)
    await Promise.all(servers.map((server) => ready(server, true)))
    const targets: [Target, Target] = [
      { api: httpApi(one.baseUrl), label: 'server 1' },
      { api: httpApi(two.baseUrl), label: 'server 2' },
    ]
    log(`${name}: both servers answer; the load runs for ${options.loadMs / 1000} s`)
    const clients = await logInLoadPlayers(targets[0].api)
    const load = new MoneyLoad(clients, seed)
    await load.prepare(targets[1].api)
    const since = loadStartsNow()
    const random = seededRandom(seed + 1)
    let stop = false
    const twins: [Attempt, Attempt][] = []
    // Two players send each of their movements to both servers at once, with one key; between
    // two of those, two players race for one offer through the two servers.
    const doubles = async (client: LoadClient) => {
      while (!stop) {
        const movement = load.nextMovement(client)
        const key = load.newKey()
        twins.push(
          await Promise.all([
            load.send(client, movement, targets[0], key),
            load.send(client, movement, targets[1], key),
          ]),
        )
        await load.contest(targets)
        await sleep(20 + Math.floor(random() * 100))
      }
    }
    const running = Promise.all([
      ...clients.map((client) => load.runClient(client, targets, () => stop)),
      ...clients.slice(0, 2).map(doubles),
    ])
    await sleep(options.loadMs)
    stop = true
    await running
    await Promise.all(servers.map(stopServer))
    log(`${name}: ${twins.length} requests were sent to both servers at once with one key`)

    const database = await place.open()
    try {
      problems.push(...(await jobsRanOnce(database.db)))
      for (const [first, second] of twins) {
        if (!sameAnswer(first, second)) {
          problems.push(
            `${first.key} sent to both servers: ${first.status} ${first.body} and ${second.status} ${second.body}`,
          )
        }
      }
      return {
        name,
        cycles: 0,
        ...(await readOutcome(database.db, load.attempts, clients, since)),
        restartsMs: [],
        recoveriesMs: [],
        restartBoundMs: null,
        problems,
      }
    } finally {
      await database.close()
    }
  } finally {
    await Promise.all(servers.map(stopServer))
    await place.drop()
  }
}

/**
 * The weekly reset and the lottery draw, due for both servers at their start, ran once: one run
 * of each for its period, and one draw open.
 */
async function jobsRanOnce(db: Db): Promise<string[]> {
  const problems: string[] = []
  const now = new Date()
  for (const job of SCHEDULED_JOBS.filter((job) => ONCE_CHECKED.includes(job.name))) {
    const period = job.periodOf(now)
    const runs = await db
      .select({ period: jobRuns.period })
      .from(jobRuns)
      .where(eq(jobRuns.job, job.name))
    if (runs.length !== 1 || runs[0]?.period !== period) {
      problems.push(`${job.name} ran for ${JSON.stringify(runs)}, not once for ${period}`)
    }
  }
  const [open] = await db
    .select({ n: count() })
    .from(lotteryDraws)
    .where(isNull(lotteryDraws.drawnAt))
  if (open?.n !== 1) problems.push(`${open?.n ?? 0} lottery draws are open, not one`)
  return problems
}

import { createHash, randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { count } from 'drizzle-orm'
import postgres from 'postgres'
import type { Envelope } from '../../../contract/envelope'
import { createApp, type AppOptions } from '../../../server/app'
import {
  MIGRATIONS_FOLDER,
  openPostgres,
  wrapPglite,
  type Database,
  type Db,
} from '../../../server/db/client'
import { accounts, ledgerTransfers, sessions, users } from '../../../server/db/schema'
import { seedDemo } from '../../../server/db/seed'
import { createLiveStreams, type LiveStreamsOptions } from '../../../server/http/live-streams'
import type { OpenApiDocument } from '../../../server/http/openapi'
import {
  bodyOf,
  methodOf,
  requestHeaders,
  sessionCookieOf,
  type Api,
  type CallOptions,
  type CallResult,
} from '../../harness/api'
import { documentedAnswers } from './documented-answers'

export { signupFor, type CallOptions, type CallResult } from '../../harness/api'

/** The origin tests call from; the app under test allows exactly this one. */
export const ORIGIN = 'http://localhost:3000'
export const BASE = 'http://localhost:3000'

/** Whether the suite runs on PostgreSQL (DATABASE_URL) rather than PGlite. */
export const onPostgres = Boolean(process.env.DATABASE_URL)

/** A test database; `url` is its PostgreSQL address (null on PGlite), for extra connections. */
export type TestDatabase = Database & { url: string | null }

/** What a test database holds besides the migrations: nothing, or the demo world (server/db/seed). */
export type TestSeed = 'none' | 'demo'

/**
 * A migrated database for one test file: in-memory PGlite, or, when DATABASE_URL is set, a fresh
 * PostgreSQL database cloned for this file from the migrated template and dropped afterwards (so
 * files can run in parallel). With `seed: 'demo'` it holds the demo world, as `seedDemo()` at the
 * moment the worker first asked for it leaves it (see `demoSnapshot`).
 */
export async function openTestDatabase({
  seed = 'none',
}: { seed?: TestSeed } = {}): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL
  if (!url) {
    const snapshot = seed === 'demo' ? await demoSnapshot() : await migratedSnapshot()
    return { ...wrapPglite(new PGlite({ loadDataDir: snapshot })), url: null }
  }
  const database = await clonePostgres(url)
  if (seed === 'demo') await seedDemo(database.db)
  return database
}

/** A database of its own for one file on the PostgreSQL `url` names, cloned from the template. */
async function clonePostgres(url: string): Promise<TestDatabase> {
  const template = await migratedTemplate(url)
  const name = `tery_test_${randomBytes(6).toString('hex')}`
  const admin = postgres(url, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database "${name}" template "${template}"`)
  const target = new URL(url)
  target.pathname = `/${name}`
  const database = openPostgres(target.toString(), { max: 20 })
  return {
    ...database,
    url: target.toString(),
    close: async () => {
      await database.close()
      await admin.unsafe(`drop database if exists "${name}" with (force)`)
      await admin.end({ timeout: 5 })
    },
  }
}

let template: Promise<string> | null = null

/**
 * The name of a migrated database on the server `url` names, to clone with `CREATE DATABASE …
 * TEMPLATE` (a copy of its files, where applying every migration to a new database takes
 * seconds). Keyed by the migrations' content and kept on the server, so later files and runs
 * with the same migrations reuse it. It refuses connections: PostgreSQL cannot copy a database
 * someone is connected to.
 */
function migratedTemplate(url: string): Promise<string> {
  template ??= (async () => {
    const name = `tery_template_${await migrationsFingerprint()}`
    const admin = postgres(url, { max: 1, onnotice: () => {} })
    try {
      const found = await admin`select 1 from pg_database where datname = ${name}`
      if (found.length > 0) return name
      // Migrated under a name of its own, then renamed: a file of another run making the same
      // template at the same moment never clones a half-migrated one.
      const partial = `${name}_${randomBytes(4).toString('hex')}`
      await admin.unsafe(`create database "${partial}"`)
      const target = new URL(url)
      target.pathname = `/${partial}`
      // Two connections: migrate() holds one for its advisory lock and migrates on the other.
      const database = openPostgres(target.toString(), { max: 2 })
      await database.migrate()
      await database.close()
      try {
        await admin.unsafe(`alter database "${partial}" rename to "${name}"`)
        await admin.unsafe(`alter database "${name}" with allow_connections false`)
      } catch (error) {
        // 42P04: another file or run made it first.
        if ((error as { code?: string }).code !== '42P04') throw error
        await admin.unsafe(`drop database "${partial}" with (force)`)
      }
      return name
    } finally {
      await admin.end({ timeout: 5 })
    }
  })()
  return template
}

const SNAPSHOT_DIR = path.resolve('node_modules/.cache/tery-server-tests')

/** A hash of the migrations: a stored migrated database is reused only for the same ones. */
async function migrationsFingerprint(): Promise<string> {
  const hash = createHash('sha256')
  const files = (await readdir(MIGRATIONS_FOLDER, { recursive: true })).sort()
  for (const file of files) {
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue
    hash.update(file).update(await readFile(path.join(MIGRATIONS_FOLDER, file)))
  }
  return hash.digest('hex').slice(0, 16)
}

/**
 * A freshly migrated PGlite data directory, as a tarball. Booting PGlite from nothing (initdb)
 * takes seconds, loading a snapshot about one, so the first file to run stores a snapshot of the
 * freshly migrated database (keyed by the migrations' content) and later files and runs reuse it.
 */
async function migratedSnapshot(): Promise<Blob> {
  // A snapshot is only valid for the PGlite build that wrote it.
  const { version } = JSON.parse(
    await readFile(path.resolve('node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string }
  const snapshot = path.join(
    SNAPSHOT_DIR,
    `migrated-${await migrationsFingerprint()}-pglite-${version}.tar`,
  )
  const saved = await readFile(snapshot).catch(() => null)
  if (saved) return new Blob([saved])

  const client = new PGlite()
  await wrapPglite(client).migrate()
  const dump = await client.dumpDataDir('none')
  await client.close()
  await mkdir(SNAPSHOT_DIR, { recursive: true })
  // Write then rename, so a parallel file never reads half a snapshot.
  const partial = `${snapshot}.${process.pid}.${randomBytes(4).toString('hex')}`
  await writeFile(partial, new Uint8Array(await dump.arrayBuffer()))
  await rename(partial, snapshot)
  for (const old of await readdir(SNAPSHOT_DIR)) {
    if (old.startsWith('migrated-') && old.endsWith('.tar') && old !== path.basename(snapshot)) {
      await rm(path.join(SNAPSHOT_DIR, old), { force: true })
    }
  }
  return dump
}

let demo: Promise<Blob> | null = null

/**
 * The migrated PGlite database with the demo world seeded, as a tarball made once per worker (the
 * server project shares one module graph per worker): loading it takes a tenth of a second where
 * seeding takes one to two CPU-seconds, and two dozen files start from the demo world. Kept in
 * memory, never on disk, so a world seeded on another day (its week, its missions of today)
 * never reaches a run.
 */
function demoSnapshot(): Promise<Blob> {
  demo ??= (async () => {
    const client = new PGlite({ loadDataDir: await migratedSnapshot() })
    await seedDemo(wrapPglite(client).db)
    const dump = await client.dumpDataDir('none')
    await client.close()
    return dump
  })()
  return demo
}

/**
 * A new DATA_DIR folder holding a migrated database, opened so the test can add what it needs;
 * close it before starting a real server on the folder.
 */
export async function openMigratedDataDir(dataDir: string): Promise<Database> {
  return wrapPglite(new PGlite(dataDir, { loadDataDir: await migratedSnapshot() }))
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>

/** The first message of a Server-Sent Events answer; the stream is cancelled after it. */
async function firstEvent(response: Response): Promise<string> {
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader()
  if (!reader) return ''
  let text = ''
  while (!text.includes('\n\n')) {
    const { done, value } = await reader.read()
    if (done) break
    text += value
  }
  await reader.cancel()
  return text.slice(0, text.indexOf('\n\n') + 2)
}

/**
 * The real app over a real, migrated database, called through app.request(). Every answer `call()`
 * receives is checked against the app's OpenAPI document (./documented-answers.ts).
 */
export async function startTestServer(
  options: Partial<Omit<AppOptions, 'extraRoutes' | 'live'>> & {
    /** Test-only route groups under /api, built on the test's database. */
    extraRoutes?: (db: Db) => NonNullable<AppOptions['extraRoutes']>
    /** The live streams' limits and heartbeat, when a test needs others than the server's. */
    live?: Pick<LiveStreamsOptions, 'limits' | 'heartbeatMs'>
    /** Another server on the same database (PostgreSQL only): its own pool and listener. */
    database?: TestDatabase
    /** What the new database holds besides the migrations (not with `database`). */
    seed?: TestSeed
  } = {},
) {
  const { extraRoutes, live: liveOptions, database: shared, seed, ...appOptions } = options
  const database = shared ?? (await openTestDatabase({ seed }))
  // Listening, as server/index.ts does before it serves.
  const live = createLiveStreams({ db: database.db, listen: database.listen, ...liveOptions })
  await live.start()
  const app = createApp({
    db: database.db,
    allowedOrigins: [ORIGIN],
    // Test files sign up hundreds of players from one address; the limits' own tests pass them.
    signupLimits: null,
    ...appOptions,
    live,
    extraRoutes: extraRoutes?.(database.db) ?? [],
  })
  const served = await app.request(`${BASE}/api/openapi.json`)
  const answers = documentedAnswers(app.routes, (await served.json()) as OpenApiDocument)

  async function call<T = unknown>(
    path: string,
    options: CallOptions = {},
  ): Promise<CallResult<T>> {
    const method = methodOf(options)
    const url = `${BASE}${path}`
    const response = await app.request(
      url,
      { method, headers: requestHeaders(options, ORIGIN), body: bodyOf(options) },
      { incoming: { socket: { remoteAddress: options.ip ?? '203.0.113.7' } } },
    )
    // A live stream never ends: its first event is the answer, then the call hangs up.
    const stream = response.headers.get('content-type')?.startsWith('text/event-stream')
    const text = stream ? await firstEvent(response) : await response.text()
    const parsed: unknown = stream ? text : text ? JSON.parse(text) : null
    answers.check(method, url, response.status, parsed)
    const setCookie = response.headers.get('set-cookie')
    return {
      status: response.status,
      body: parsed as Envelope<T>,
      headers: response.headers,
      setCookie,
      cookie: sessionCookieOf(response.headers),
    }
  }

  return {
    app,
    answers,
    db: database.db,
    database,
    live,
    call: call as Api,
    close: async () => {
      await live.stop()
      await database.close()
    },
  }
}

/**
 * Row counts of the tables a request could change, to prove a rejected one changed nothing
 * (rate-limit counters are left out: a refused attempt is still an attempt).
 */
export async function rowCounts(db: Db) {
  const tables = { users, sessions, accounts, ledgerTransfers }
  const result = { users: 0, sessions: 0, accounts: 0, ledgerTransfers: 0 }
  for (const name of Object.keys(tables) as (keyof typeof tables)[]) {
    const [row] = await db.select({ n: count() }).from(tables[name])
    result[name] = row?.n ?? 0
  }
  return result
}

import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite, type PGliteOptions } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import { sql, type Placeholder, type SQL } from 'drizzle-orm'
import postgres from 'postgres'
import { withLiveOutbox } from './live-outbox'
import journal from './migrations/meta/_journal.json'
import { withNamedStatements } from './pglite-statements'
import { withPreparedStatements } from './postgres-statements'
import * as schema from './schema'

export type Schema = typeof schema

/** The database as services see it: the same API on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>

/**
 * A transaction. It offers the whole Db API, so a service that takes `Db` works inside one too;
 * a function that must run inside the caller's transaction (ledger transfer(), advisory locks)
 * takes `Tx`, and the root db does not type-check there (it lacks rollback and setTransaction).
 */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Runs raw SQL and returns its rows: PGlite answers `{ rows }`, postgres.js an array. */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]
}

/**
 * An instant compared with in SQL: a Date, or a placeholder of a prepared statement (filled in
 * with an ISO-8601 string when it runs).
 */
export function instantSql(at: Date | Placeholder): SQL {
  return sql`${at instanceof Date ? at.toISOString() : at}::timestamptz`
}

/**
 * A statement prepared once per database handle (drizzle's `.prepare()`), for the reads every page
 * makes: drizzle builds its SQL once instead of at each call, and postgres.js sends it as a named
 * statement PostgreSQL parses and plans once per connection. A prepared statement runs on the
 * handle it was made from, so pass the handle the call must run on (a transaction is its own).
 */
export function preparedPerDb<T>(prepare: (db: Db) => T): (db: Db) => T {
  const statements = new WeakMap<Db, T>()
  return (db) => {
    let statement = statements.get(db)
    if (statement === undefined) {
      statement = prepare(db)
      statements.set(db, statement)
    }
    return statement
  }
}

export type Database = {
  db: Db
  driver: 'pglite' | 'postgres'
  /** Applies the checked-in migrations (server/db/migrations) that have not run yet. */
  migrate: () => Promise<void>
  /**
   * LISTENs on `channel`: `onPayload` gets each NOTIFY's payload, after the notifying transaction
   * committed. `onConnected` runs once listening, and again each time PostgreSQL's listening
   * connection came back after a loss (postgres.js reconnects by itself): what was announced in
   * between is lost, so the listener reads it from the tables then. Resolves to the unlisten.
   */
  listen: (
    channel: string,
    onPayload: (payload: string) => void,
    onConnected: () => void,
  ) => Promise<() => Promise<void>>
  close: () => Promise<void>
}

export const MIGRATIONS_FOLDER = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
)

/**
 * When the newest checked-in migration was generated: drizzle records each migration it applies
 * with its journal entry's time, and applies those newer than the latest recorded.
 */
const NEWEST_MIGRATION_AT = Math.max(...journal.entries.map((entry) => entry.when))

/** PostgreSQL's codes for a missing table and a missing schema: a database never migrated. */
const NEVER_MIGRATED = new Set(['42P01', '3F000'])

function isNeverMigrated(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (NEVER_MIGRATED.has((cause as Error & { code?: unknown }).code as string)) return true
  }
  return false
}

/**
 * Whether every checked-in migration is applied, by drizzle's own rule (nothing newer than the
 * latest recorded): one select. Drizzle's migrator finds the same by reading and hashing every
 * migration file and running five statements, at every start (bench/NOTES.md, twenty-first round).
 */
async function migrationsApplied(db: Db): Promise<boolean> {
  try {
    const [row] = await selectRows<{ at: string | null }>(
      db,
      sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`,
    )
    return row?.at != null && Number(row.at) >= NEWEST_MIGRATION_AT
  } catch (error) {
    if (isNeverMigrated(error)) return false
    throw error
  }
}

/**
 * PGlite, in a folder (data survives restarts) or in memory when dataDir is omitted; `options`
 * as PGlite's (a new folder's cluster loaded from a tarball: server/db/open-database.ts).
 */
export function openPglite(dataDir?: string, options?: PGliteOptions): Database {
  return wrapPglite(dataDir === undefined ? new PGlite() : new PGlite(dataDir, options))
}

/** Drizzle over an existing PGlite instance (tests start theirs from a migrated snapshot). */
export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite({ client: withNamedStatements(client), schema })
  return {
    db: withLiveOutbox(db as unknown as Db),
    driver: 'pglite',
    migrate: async () => {
      if (!(await migrationsApplied(db as unknown as Db))) {
        await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER })
      }
    },
    listen: async (channel, onPayload, onConnected) => {
      const unlisten = await client.listen(channel, onPayload)
      onConnected()
      return unlisten
    },
    close: () => client.close(),
  }
}

// Any stable 64-bit number: it names the advisory lock that serialises migrations between servers.
const MIGRATION_LOCK_ID = 7_310_451_002

/**
 * How long PostgreSQL lets one of our transactions sit idle before it ends it, freeing its locks
 * and rolling back its work: an Idempotency-Key a request reserved is held by its transaction
 * (server/http/idempotency.ts), and a server that died with its connection left open (a host lost,
 * not a process killed: the kernel closes a killed process's sockets at once) must not hold it
 * for the hours TCP takes to notice. No request of ours waits that long between two statements.
 */
export const IDLE_TRANSACTION_LEASE_MS = 30_000

/** PostgreSQL through postgres.js; several servers may share one database. */
export function openPostgres(url: string, options: { max?: number } = {}): Database {
  const client = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    connection: { idle_in_transaction_session_timeout: IDLE_TRANSACTION_LEASE_MS },
  })
  const db = drizzlePostgres({ client: withPreparedStatements(client), schema })
  return {
    db: withLiveOutbox(db as unknown as Db),
    driver: 'postgres',
    migrate: async () => {
      if (await migrationsApplied(db as unknown as Db)) return
      // Two instances starting together must not both apply the same migration.
      const lock = await client.reserve()
      try {
        await lock`select pg_advisory_lock(${MIGRATION_LOCK_ID})`
        await migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER })
      } finally {
        await lock`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`
        lock.release()
      }
    },
    listen: async (channel, onPayload, onConnected) => {
      // postgres.js listens on a connection of its own, outside the pool, and calls onlisten
      // again after each reconnection.
      const { unlisten } = await client.listen(channel, onPayload, onConnected)
      return unlisten
    },
    close: () => client.end({ timeout: 5 }),
  }
}

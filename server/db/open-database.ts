import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { access, constants, mkdir, readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { Worker } from 'node:worker_threads'
import type { ServerEnv } from '../env'
import { MIGRATIONS_FOLDER, openPglite, openPostgres, type Database } from './client'
import { acquireDataDirLock } from './data-dir-lock'

/**
 * A new folder's migrated cluster, as a tarball, one per installed PGlite (a cluster is only valid
 * for the PGlite build that made it) and set of migrations (the journal drizzle applies them by),
 * kept with the other caches in node_modules.
 */
async function clusterTemplatePath(): Promise<string> {
  const pglite = join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..')
  const { version } = JSON.parse(await readFile(join(pglite, 'package.json'), 'utf8')) as {
    version: string
  }
  const journal = await readFile(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'))
  const migrations = createHash('sha256').update(journal).digest('hex').slice(0, 16)
  const cacheDir = join(pglite, '..', '..', '.cache', 'tery-cluster')
  return join(cacheDir, `pglite-${version}-migrations-${migrations}.tar`)
}

/**
 * Where a new cluster leaves its template: the template's path, or null when its folder cannot be
 * written (an image whose node_modules belong to another user), and the cluster is made in place
 * only.
 */
export async function templateToWrite(template: string): Promise<string | null> {
  try {
    await mkdir(dirname(template), { recursive: true })
    await access(dirname(template), constants.W_OK)
    return template
  } catch {
    return null
  }
}

/**
 * PGlite's initdb takes seconds and grows its WebAssembly memory to about 840 MB, which a
 * WebAssembly memory never gives back while its instance lives, and the migrations take seconds
 * more. So both run once per installed PGlite and set of migrations, on a worker thread whose
 * memory goes with it, which leaves a tarball of the migrated cluster (about 40 MB): every later
 * new folder loads that instead, in about a second and under 400 MB, and finds its migrations
 * applied (bench: "cold npm start" and "server memory high-water mark").
 */
async function createCluster(dataDir: string, template: string | null): Promise<void> {
  const worker = new Worker(new URL('./create-cluster.worker.mjs', import.meta.url), {
    workerData: { dataDir, template, migrationsFolder: MIGRATIONS_FOLDER },
  })
  await new Promise<void>((done, fail) => {
    worker.once('error', fail)
    worker.once('exit', (code) =>
      code === 0 ? done() : fail(new Error(`creating the database in ${dataDir} exited ${code}`)),
    )
  })
}

/** PGlite in `dataDir`, a new folder's cluster loaded from the template (made first if needed). */
async function openPgliteFolder(dataDir: string): Promise<Database> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return openPglite(dataDir)
  const template = await clusterTemplatePath()
  if (!existsSync(template)) {
    await createCluster(dataDir, await templateToWrite(template))
    return openPglite(dataDir)
  }
  return openPglite(dataDir, { loadDataDir: new Blob([await readFile(template)]) })
}

/**
 * The database the environment names, as the server and the operator CLI open it: PostgreSQL when
 * DATABASE_URL is set, else the embedded PGlite in DATA_DIR, under the folder's lock (two processes
 * on one folder would corrupt it: the second gets DataDirLockedError). close() frees the lock.
 */
export async function openDatabase(
  env: Pick<ServerEnv, 'databaseUrl' | 'dataDir'>,
): Promise<Database> {
  if (env.databaseUrl) return openPostgres(env.databaseUrl)
  const lock = await acquireDataDirLock(env.dataDir)
  const database = await openPgliteFolder(env.dataDir)
  return {
    ...database,
    close: async () => {
      try {
        await database.close()
      } finally {
        await lock.release()
      }
    },
  }
}

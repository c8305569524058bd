import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import type { ServerEnv } from '../env'
import { openPglite, openPostgres, type Database } from './client'
import { acquireDataDirLock } from './data-dir-lock'

/**
 * PGlite's initdb grows its WebAssembly memory to about 840 MB, and a WebAssembly memory is never
 * given back while its instance lives. Run on a worker thread, that memory goes with the thread, so
 * a server started on a new folder runs in the 370 MB a restarted one does (bench: "server RSS
 * idle after a cold start").
 */
async function createCluster(dataDir: string): Promise<void> {
  const worker = new Worker(new URL('./create-cluster.worker.mjs', import.meta.url), {
    workerData: dataDir,
  })
  await new Promise<void>((done, fail) => {
    worker.once('error', fail)
    worker.once('exit', (code) =>
      code === 0 ? done() : fail(new Error(`creating the database in ${dataDir} exited ${code}`)),
    )
  })
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
  if (!existsSync(join(env.dataDir, 'PG_VERSION'))) await createCluster(env.dataDir)
  const database = openPglite(env.dataDir)
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

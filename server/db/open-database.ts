import type { ServerEnv } from '../env'
import { openPglite, openPostgres, type Database } from './client'
import { acquireDataDirLock } from './data-dir-lock'

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

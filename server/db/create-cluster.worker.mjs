// @ts-check
// Creates the PGlite cluster in a new folder and applies the migrations, on a worker thread of its
// own (see open-database.ts), and leaves a tarball of it at the template path (when there is one),
// for the next new folder to load instead.
import { rename, writeFile } from 'node:fs/promises'
import { workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'

const { dataDir, template, migrationsFolder } =
  /** @type {{ dataDir: string, template: string | null, migrationsFolder: string }} */ (workerData)
const creator = new PGlite(dataDir)
await migrate(drizzle({ client: creator }), { migrationsFolder })
if (template === null) {
  await creator.close()
} else {
  const dump = await creator.dumpDataDir('none')
  await creator.close()
  // Written beside it and renamed: a server starting at the same moment never loads half a file.
  const partial = `${template}.${process.pid}-${Date.now()}`
  await writeFile(partial, new Uint8Array(await dump.arrayBuffer()))
  await rename(partial, template)
}

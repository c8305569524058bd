// @ts-check
// Creates the PGlite cluster in a new folder, on a worker thread of its own (see open-database.ts).
import { workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'

const creator = new PGlite(/** @type {string} */ (workerData))
await creator.waitReady
await creator.close()

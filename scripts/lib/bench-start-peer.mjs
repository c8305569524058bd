// @ts-check
/**
 * The peer of the bench's warm start row: the least a Hono server on PGlite does to answer, so
 * `npm start`'s time is a ratio and not a figure that means nothing on another machine. It opens
 * the PGlite folder the server just used and answers every request with one select, once the
 * database is ready.
 *
 * Plain JavaScript run by node itself, as `npm start` runs the prebuilt server: no compiler in
 * either start.
 *
 * Usage: `PORT=<port> DATA_DIR=<folder> node scripts/lib/bench-start-peer.mjs`.
 */
import { PGlite } from '@electric-sql/pglite'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'

const { PORT: port, DATA_DIR: dataDir } = process.env
if (!port || !dataDir) throw new Error('usage: PORT=<port> DATA_DIR=<folder> bench-start-peer.mjs')

const db = new PGlite(dataDir)
await db.waitReady
const app = new Hono().get('*', async (c) => c.json((await db.query('select 1 as ok')).rows[0]))
serve({ fetch: app.fetch, port: Number(port), hostname: '127.0.0.1' })

// Closed as the server closes it when stopped: a folder left open costs the next start a recovery.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void db.close().then(() => process.exit(0)))
}

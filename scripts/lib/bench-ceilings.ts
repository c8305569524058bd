/**
 * The ceilings `npm run bench` measures the API against, in a process of their own on this
 * machine: the most a Hono server on Node can answer here, so an API row is a ratio and not a
 * figure that means nothing on another machine.
 *
 * - bare: a Hono handler answering `{}`, the ceiling of GET /api/config;
 * - point select: a Hono handler doing one primary-key select on PGlite (on disk, as the server's
 *   is), the ceiling of the routes that must read the database once.
 *
 * Usage: `tsx scripts/lib/bench-ceilings.ts <bare port> <point-select port> <data dir>`; prints
 * "ready" when both listen.
 */
import { randomUUID } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'

const [barePort, selectPort, dataDir] = process.argv.slice(2)
if (!barePort || !selectPort || !dataDir) {
  throw new Error('usage: bench-ceilings.ts <bare port> <point-select port> <data dir>')
}

const db = new PGlite(dataDir)
await db.exec(`
  create table players (id uuid primary key, name text not null, email text not null,
    code text not null, terms_agree boolean not null default true);
`)
const ids = Array.from({ length: 1000 }, () => randomUUID())
await db.query(
  `insert into players (id, name, email, code)
   select id, 'Jugador ' || n, 'jugador' || n || '@tery.example', 'CODE' || n
   from unnest($1::uuid[]) with ordinality as t(id, n)`,
  [ids],
)

const bare = new Hono().get('*', (c) => c.json({}))

let next = 0
const pointSelect = new Hono().get('*', async (c) => {
  next = (next + 1) % ids.length
  const { rows } = await db.query(
    'select id, name, email, code, terms_agree from players where id = $1',
    [ids[next]],
  )
  return c.json(rows[0] ?? null)
})

await Promise.all(
  [
    { app: bare, port: Number(barePort) },
    { app: pointSelect, port: Number(selectPort) },
  ].map(
    ({ app, port }) =>
      new Promise<void>((listening) => {
        serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => listening())
      }),
  ),
)
console.info('ready')

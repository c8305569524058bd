/**
 * The ceilings `npm run bench` measures the API against, in a process of their own on this
 * machine: the most a Hono server on Node can answer here, so an API row is a ratio and not a
 * figure that means nothing on another machine.
 *
 * - bare: a Hono handler answering `{}`, the ceiling of GET /api/config;
 * - point select: a Hono handler doing one primary-key select on PGlite (on disk, as the server's
 *   is), the ceiling of the routes that must read the database once;
 * - write: a Hono handler taking a JSON body and running, on the same PGlite, a transaction of two
 *   balance updates (the debit conditional on the funds) and an insert: BEGIN, three statements,
 *   COMMIT. The ceiling of a movement of money (POST /api/inventory/send/gems). It moves one unit
 *   between neighbours in turn, from balances no load can empty, so every call succeeds.
 *
 * Usage: `tsx scripts/lib/bench-ceilings.ts <bare port> <point-select port> <write port> <data dir>`;
 * prints "ready" when the three listen.
 */
import { randomUUID } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'

const [barePort, selectPort, writePort, dataDir] = process.argv.slice(2)
if (!barePort || !selectPort || !writePort || !dataDir) {
  throw new Error(
    'usage: bench-ceilings.ts <bare port> <point-select port> <write port> <data dir>',
  )
}

const db = new PGlite(dataDir)
await db.exec(`
  create table players (id uuid primary key, name text not null, email text not null,
    code text not null, terms_agree boolean not null default true,
    balance bigint not null default 1000000000000 check (balance >= 0));
  create table movements (id bigserial primary key, from_id uuid not null references players,
    to_id uuid not null references players, amount bigint not null check (amount > 0),
    created_at timestamptz not null default now());
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

let nextPayer = 0
const write = new Hono().post('*', async (c) => {
  const { amount } = await c.req.json<{ amount: number }>()
  nextPayer = (nextPayer + 1) % ids.length
  const [from, to] = [ids[nextPayer], ids[(nextPayer + 1) % ids.length]]
  const id = await db.transaction(async (tx) => {
    const debited = await tx.query(
      'update players set balance = balance - $1 where id = $2 and balance >= $1',
      [amount, from],
    )
    if (debited.affectedRows !== 1) throw new Error('not enough funds')
    await tx.query('update players set balance = balance + $1 where id = $2', [amount, to])
    const { rows } = await tx.query<{ id: string }>(
      'insert into movements (from_id, to_id, amount) values ($1, $2, $3) returning id',
      [from, to, amount],
    )
    return rows[0]?.id
  })
  return c.json({ id }, 201)
})

await Promise.all(
  [
    { app: bare, port: Number(barePort) },
    { app: pointSelect, port: Number(selectPort) },
    { app: write, port: Number(writePort) },
  ].map(
    ({ app, port }) =>
      new Promise<void>((listening) => {
        serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => listening())
      }),
  ),
)
console.info('ready')

/**
 * `npm run live-load -- [--streams 2000] [--rounds 20]`: how many live streams (GET /api/live) one
 * server holds, the memory each costs and how long an event takes to reach them all, on PGlite and,
 * when DATABASE_URL is set, on PostgreSQL; beside the same figures of a bare Node SSE server (the
 * ceiling: no framework, no database), alternated, in the same run. Decision 022 reports them.
 *
 * Each side: the real server (`server/index.ts`, SEED=none) on a new database with 1 player per 5
 * streams signed in, N streams opened from this process, the server's RSS before and after (memory
 * per stream), then `rounds` broadcasts (a player lists a trading offer: `board.changed` to every
 * stream) timed from the POST to each stream's receipt (delivery p50 and p99). Loopback only.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { Agent, request, type IncomingMessage } from 'node:http'
import { tmpdir, loadavg } from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { openPglite, openPostgres, type Database } from '../server/db/client'
import { sessions } from '../server/db/schema'
import { createPlayer, hashSessionToken } from '../server/services/auth'
import { transfer } from '../server/services/ledger'

const args = process.argv.slice(2)
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`)
  return at === -1 ? fallback : Number(args[at + 1])
}
const STREAMS = option('streams', 2_000)
const ROUNDS = option('rounds', 20)
const PER_PLAYER = 5
const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY })

type Side = {
  name: string
  base: string
  pid: number
  /** Makes one change that every stream hears; resolves when the change's request answered. */
  broadcast: () => Promise<void>
  cookies: string[]
  stop: () => Promise<void>
}

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return kb * 1024
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    try {
      const response = await fetch(url)
      if (response.status < 500) return
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${url} never answered`)
}

/** A stream read line by line: resolves `ready` at its first event, calls `onEvent` after. */
function openStream(base: string, cookie: string, onEvent: (type: string) => void) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const req = request(`${base}/api/live`, { agent, headers: { cookie } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`GET /api/live answered ${res.statusCode}`))
        res.resume()
        return
      }
      let buffer = ''
      let ready = false
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        buffer += chunk
        let end = buffer.indexOf('\n\n')
        while (end !== -1) {
          const type = /^event: (.+)$/m.exec(buffer.slice(0, end))?.[1]
          buffer = buffer.slice(end + 2)
          end = buffer.indexOf('\n\n')
          if (!type) continue
          if (!ready) {
            ready = true
            resolve(res)
          } else onEvent(type)
        }
      })
    })
    req.on('error', reject)
    req.end()
  })
}

/** Players with sessions and a seller with terydollars, written before the server starts. */
async function preparePlayers(database: Database): Promise<{ cookies: string[]; seller: string }> {
  const { db } = database
  await database.migrate()
  const cookies: string[] = []
  const players = Math.ceil(STREAMS / PER_PLAYER) + 1
  let seller = ''
  for (let i = 0; i < players; i += 1) {
    const user = await createPlayer(
      db,
      {
        parentCode: null,
        name: `Jugador ${i}`,
        email: `carga${i}@example.com`,
        phone: '3001234567',
        passwordHash: 'no-login',
      },
      new Date(),
    )
    const token = randomBytes(32).toString('base64url')
    await db.insert(sessions).values({
      tokenHash: hashSessionToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    if (i === 0) {
      seller = `tery_session=${token}`
      await db.transaction((tx) =>
        transfer(tx, {
          currency: 'terydollars',
          from: { system: 'supply' },
          to: { userId: user.id },
          amount: 1_000_000,
          kind: 'load-funds',
        }),
      )
    } else {
      for (let s = 0; s < PER_PLAYER; s += 1) cookies.push(`tery_session=${token}`)
    }
  }
  return { cookies: cookies.slice(0, STREAMS), seller }
}

async function startTery(driver: 'pglite' | 'postgres', port: number): Promise<Side> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tery-live-load-'))
  let databaseUrl: string | null = null
  let dropDatabase = async () => {}
  let database: Database
  if (driver === 'postgres') {
    const url = process.env.DATABASE_URL ?? ''
    const name = `tery_live_load_${randomBytes(4).toString('hex')}`
    const admin = postgres(url, { max: 1, onnotice: () => {} })
    await admin.unsafe(`create database "${name}"`)
    const target = new URL(url)
    target.pathname = `/${name}`
    databaseUrl = target.toString()
    database = openPostgres(databaseUrl)
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`)
      await admin.end()
    }
  } else {
    database = openPglite(dataDir)
  }
  const { cookies, seller } = await preparePlayers(database)
  await database.close()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      SEED: 'none',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
      LIVE_STREAMS_PER_SERVER: String(STREAMS + 100),
      LIVE_STREAMS_PER_PLAYER: String(PER_PLAYER),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  })
  const base = `http://127.0.0.1:${port}`
  await waitFor(`${base}/api/config`)
  return {
    name: `Tery on ${driver}`,
    base,
    pid: child.pid ?? 0,
    cookies,
    broadcast: async () => {
      const response = await fetch(`${base}/api/trading`, {
        method: 'POST',
        headers: { cookie: seller, 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ price: 1, amount: 1 }),
      })
      if (response.status !== 201 && response.status !== 200) {
        throw new Error(`POST /api/trading answered ${response.status}: ${await response.text()}`)
      }
      // The seller may hold only a few open offers: take this one back at once (a second event).
      const { data } = (await response.json()) as { data: { offer: { id: number } } }
      await fetch(`${base}/api/trading`, {
        method: 'DELETE',
        headers: { cookie: seller, 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ offerId: data.offer.id }),
      })
    },
    stop: () =>
      stopChild(child, async () => {
        await rm(dataDir, { recursive: true, force: true })
        await dropDatabase()
      }),
  }
}

async function stopChild(child: ChildProcess, cleanUp: () => Promise<void>): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve))
  if (child.pid) process.kill(-child.pid, 'SIGTERM')
  await exited
  await cleanUp()
}

/** The ceiling: node:http holding SSE responses in a Set, a POST writing to all of them. */
async function startCeiling(port: number): Promise<Side> {
  const source = `
    const { createServer } = require('node:http')
    const streams = new Set()
    createServer((req, res) => {
      if (req.url === '/api/live') {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
        res.write('event: live.ready\\ndata: {}\\n\\n')
        streams.add(res)
        req.on('close', () => streams.delete(res))
      } else if (req.url === '/api/trading') {
        for (const res of streams) res.write('event: board.changed\\ndata: {}\\n\\n')
        res.writeHead(201, { 'content-type': 'application/json' }).end('{}')
      } else res.writeHead(200).end('{}')
    }).listen(${port}, '127.0.0.1')`
  const child = spawn(process.execPath, ['-e', source], { stdio: 'inherit', detached: true })
  const base = `http://127.0.0.1:${port}`
  await waitFor(`${base}/api/config`)
  return {
    name: 'bare node:http SSE',
    base,
    pid: child.pid ?? 0,
    cookies: Array.from({ length: STREAMS }, () => ''),
    broadcast: async () => {
      await fetch(`${base}/api/trading`, { method: 'POST' })
    },
    stop: () => stopChild(child, async () => {}),
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN
}

type Figures = { name: string; held: number; bytesPerStream: number; p50: number; p99: number }

async function measure(side: Side): Promise<Figures> {
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  const idle = await rssOf(side.pid)
  let waiting: ((at: number) => void)[] = []
  const responses: IncomingMessage[] = []
  // Opened in batches, as tabs arrive: the refusals of a full accept queue are not what is measured.
  for (let start = 0; start < side.cookies.length; start += 100) {
    const batch = side.cookies.slice(start, start + 100)
    responses.push(
      ...(await Promise.all(
        batch.map((cookie) =>
          openStream(side.base, cookie, (type) => {
            if (type === 'board.changed') waiting.shift()?.(performance.now())
          }),
        ),
      )),
    )
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  const loaded = await rssOf(side.pid)
  const latencies: number[] = []
  for (let round = 0; round < ROUNDS; round += 1) {
    const arrivals = Array.from(
      { length: responses.length },
      () => new Promise<number>((resolve) => waiting.push(resolve)),
    )
    const sent = performance.now()
    await side.broadcast()
    for (const at of await Promise.all(arrivals)) latencies.push(at - sent)
    // Tery's broadcast also cancels the offer: that second board.changed is not timed.
    await new Promise((resolve) => setTimeout(resolve, 200))
    waiting = []
  }
  for (const response of responses) response.destroy()
  latencies.sort((a, b) => a - b)
  return {
    name: side.name,
    held: responses.length,
    bytesPerStream: (loaded - idle) / responses.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  }
}

async function main() {
  const drivers: ('pglite' | 'postgres')[] = process.env.DATABASE_URL
    ? ['pglite', 'postgres']
    : ['pglite']
  const rows: Figures[] = []
  let port = 3700
  for (const driver of drivers) {
    // Alternated: the ceiling right before each side, so a neighbour's load hits both.
    const ceiling = await startCeiling((port += 1))
    rows.push(await measure(ceiling))
    await ceiling.stop()
    const tery = await startTery(driver, (port += 1))
    try {
      rows.push(await measure(tery))
    } finally {
      await tery.stop()
    }
  }
  agent.destroy()
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
  const ms = (value: number) => `${value.toFixed(1)} ms`
  console.info(
    `live-load: ${STREAMS} streams, ${ROUNDS} broadcasts, load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  )
  console.info('| server | streams held | memory per stream | delivery p50 | delivery p99 |')
  console.info('| --- | --- | --- | --- | --- |')
  for (const row of rows) {
    console.info(
      `| ${row.name} | ${row.held} | ${kb(row.bytesPerStream)} | ${ms(row.p50)} | ${ms(row.p99)} |`,
    )
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})

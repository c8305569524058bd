/**
 * `npm run bench`: the performance suite, one table. Each row is a figure, its budget and pass or
 * fail; a row more than 5% worse than bench/baseline.json fails too. Exits 1 on any failure.
 *
 * 1. bundle: builds the SPA (`vite build`: prerender and precompression included) and measures,
 *    gzip level 9 and 1 KB = 1024 bytes, what '/' loads before it is interactive (the entry and
 *    every chunk its HTML modulepreloads), the largest lazy chunk and the CSS; checks that every
 *    public route is real Spanish HTML in dist/.
 * 2. start: `npm start` on a new DATA_DIR (a cold start: migrations and the demo seed), then again
 *    (warm): spawn to the first 200 of GET /api/config, and the server's memory (RSS) idle.
 * 3. Lighthouse 12 (mobile preset, simulated throttling; the system Chromium), median of 3 runs,
 *    against that production server: every public route, and the players' pages with the demo
 *    player's session cookie.
 * 4. API: autocannon (50 connections) against the server and, alternated with it in the same
 *    run, against two ceilings on this machine (scripts/lib/bench-ceilings.ts): each route's
 *    requests per second as a share of its ceiling, its p99, and no 5xx nor socket error. The
 *    server's memory after that load (60 s). Every request accepts the encodings Chromium's
 *    accept, as the app's own calls do: without them the load measured answers no browser gets.
 *
 * 5. Scale (decision 023): a leader with a team of 100, 1,000 and 10,000 members
 *    (`npm run admin -- seed-team`, on a copy of the database), each team call's cost at N members
 *    as a multiple of its cost at 100, alternated on one server; the leaderboard of that world
 *    against the small one's; and the session check's p99 while two clients page the largest team.
 *
 * Flags: `--quick` (one Lighthouse run, 3 s of load, teams of 100 and 1,000: a smoke run, not a
 * measurement), `--no-build` (measure the dist/ already there), `--save-baseline` (write
 * bench/baseline.json from this run), `--only=<group>` (bundle, start, lighthouse, api or scale;
 * implies no baseline write).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { prerenderedFile, SHELL_FILE } from '../contract/built-site'
import { DEFERRED_CHUNKS_ID } from '../src/app/hydration-data'

const root = resolve(fileURLToPath(new URL('..', import.meta.url)))
const dist = join(root, 'dist')
const baselinePath = join(root, 'bench', 'baseline.json')
const args = process.argv.slice(2)
const quick = args.includes('--quick')
const only = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length)
const KB = 1024
const MB = 1024 * 1024

/** Routes a visitor gets as prerendered HTML; the players' pages as they exist. */
const publicRoutes = ['/', '/signup', '/support', '/terms', '/privacy_policies']
const playerRoutes = [
  '/home',
  '/missions',
  '/market',
  '/mine',
  '/battery',
  '/expressCoupon',
  '/lottery',
]
const demo = { email: 'demo@tery.example', password: 'tery-demo-2026' }
const lighthouseRuns = quick ? 1 : 3
const loadSeconds = quick ? 3 : 20
const ceilingSeconds = quick ? 3 : 15
const connections = 50
/** What Chromium sends with every fetch() the app makes. */
const browserAcceptEncoding = 'gzip, deflate, br, zstd'
/** Worse than the baseline by more than this fails. */
const tolerance = 0.05
/**
 * A latency closer than this to its baseline is not a regression whatever the percentage: a p99 of
 * 5 ms against 6 ms is the timer and the scheduler, not the server.
 */
const MS_NOISE_FLOOR = 10

type Row = {
  group: string
  name: string
  value: number
  unit: '' | 'KB' | 'MB' | 'ms' | 'x' | 'score'
  budget: number
  better: 'lower' | 'higher'
  detail?: string
}
const rows: Row[] = []

const say = (line: string) => console.info(`[bench] ${line}`)
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

// ---------------------------------------------------------------------------------------------
// bundle

/** The value of one attribute in a tag's source text. */
const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1] ?? null

/** Every start tag of this name whose attributes satisfy the test, as source text. */
const tags = (html: string, name: string, test: (tag: string) => boolean) =>
  [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'gi'))].map((match) => match[0]).filter(test)

/** Text a page paints before any JavaScript: #root without tags, comments and scripts. */
function rootText(html: string): string {
  const start = html.indexOf('<div id="root">')
  const end = html.lastIndexOf('</body>')
  if (start < 0 || end < start) return ''
  return html
    .slice(start, end)
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|noscript)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Words and letters no English-only text carries: proof that a page speaks Spanish. */
const spanishMarker =
  /[áéíóúñ¿¡]|\b(el|la|los|las|del|de|y|tu|tus|con|para|cargando|iniciar|sesión|inicio|juego)\b/i

const gzipOf = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
const distPath = (url: string) => url.replace(/^\.?\//, '')

function measureBundle(): void {
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const scripts = tags(html, 'script', (tag) => attribute(tag, 'src') !== null)
  const preloads = tags(html, 'link', (tag) => attribute(tag, 'rel') === 'modulepreload')
  // What the page hydrates with, preloaded by src/boot.ts after the first paint.
  const deferred = new RegExp(`id="${DEFERRED_CHUNKS_ID}">([^<]*)<`).exec(html)?.[1]
  const critical = [
    ...scripts.map((tag) => attribute(tag, 'src') ?? ''),
    ...preloads.map((tag) => attribute(tag, 'href') ?? ''),
    ...(deferred ? (JSON.parse(deferred) as string[]) : []),
  ].map(distPath)
  const criticalGzip = critical.reduce((sum, file) => sum + gzipOf(file), 0)
  rows.push({
    group: 'bundle',
    name: 'JS that / hydrates with (gzip)',
    value: criticalGzip / KB,
    unit: 'KB',
    budget: 100,
    better: 'lower',
    detail: critical.map((file) => file.replace(/^assets\//, '')).join(' '),
  })

  const lazy = readdirSync(join(dist, 'assets'))
    .filter((name) => name.endsWith('.js') && !critical.includes(`assets/${name}`))
    .map((name) => ({ name, gzip: gzipOf(`assets/${name}`) }))
    .sort((a, b) => b.gzip - a.gzip)
  rows.push({
    group: 'bundle',
    name: 'largest lazy chunk (gzip)',
    value: (lazy[0]?.gzip ?? 0) / KB,
    unit: 'KB',
    budget: 30,
    better: 'lower',
    detail: lazy[0]?.name ?? 'none',
  })

  const styles = tags(html, 'link', (tag) => attribute(tag, 'rel') === 'stylesheet')
  rows.push({
    group: 'bundle',
    name: 'render-blocking CSS (gzip)',
    value:
      styles.reduce((sum, tag) => sum + gzipOf(distPath(attribute(tag, 'href') ?? '')), 0) / KB,
    unit: 'KB',
    budget: 8,
    better: 'lower',
  })

  const pages = [...publicRoutes.map(prerenderedFile), SHELL_FILE]
  const painted = pages.filter((file) => {
    const page = existsSync(join(dist, file)) ? readFileSync(join(dist, file), 'utf8') : ''
    return /<html lang="es-CO"/.test(page) && spanishMarker.test(rootText(page))
  })
  rows.push({
    group: 'bundle',
    name: 'pages painted in Spanish before JS',
    value: painted.length,
    unit: '',
    budget: pages.length,
    better: 'higher',
    detail: pages.filter((file) => !painted.includes(file)).join(' ') || pages.join(' '),
  })
}

// ---------------------------------------------------------------------------------------------
// processes

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => done(port))
    })
  })
}

type Spawned = { child: ChildProcess; output: string[]; exited: () => boolean }

/** A command in a process group of its own, so stopping it stops everything it started. */
function start(command: string, commandArgs: string[], env: NodeJS.ProcessEnv): Spawned {
  const output: string[] = []
  const child = spawn(command, commandArgs, {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  })
  let exited = false
  child.on('exit', () => (exited = true))
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
  return { child, output, exited: () => exited }
}

const running = new Set<Spawned>()

async function stop(spawned: Spawned): Promise<void> {
  running.delete(spawned)
  const pid = spawned.child.pid
  if (pid === undefined || spawned.exited()) return
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pid, name)
    } catch {
      // Already gone.
    }
  }
  signal('SIGTERM')
  for (let waited = 0; waited < 10_000 && !spawned.exited(); waited += 100) await sleep(100)
  if (!spawned.exited()) signal('SIGKILL')
}

/** The largest resident set among the processes of a group: the server, not npm or tsx. */
function rssOfGroup(pgid: number): number {
  let largest = 0
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (Number(fields[2]) !== pgid) continue
      const status = readFileSync(`/proc/${entry}/status`, 'utf8')
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
      largest = Math.max(largest, kb * 1024)
    } catch {
      // The process ended while we looked.
    }
  }
  return largest
}

async function waitForOk(url: string, spawned: Spawned, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (spawned.exited())
      throw new Error(`exited before ${url} answered:\n${spawned.output.join('')}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet.
    }
    await sleep(20)
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`)
}

type Server = Spawned & { baseUrl: string }

/** `npm start` on a port of its own: what a player's operator runs. Returns it and its start time. */
async function npmStart(port: number, dataDir: string): Promise<{ server: Server; ms: number }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED: 'demo',
  }
  delete env.DATABASE_URL
  delete env.APP_ORIGIN
  const started = performance.now()
  const spawned = start('npm', ['start', '--silent'], env)
  running.add(spawned)
  const server = { ...spawned, baseUrl: `http://127.0.0.1:${port}` }
  await waitForOk(`${server.baseUrl}/api/config`, spawned, 180_000)
  return { server, ms: performance.now() - started }
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

type Credentials = { email: string; password: string }

async function logIn(baseUrl: string, credentials: Credentials = demo): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify(credentials),
  })
  const cookie = response.headers.get('set-cookie')?.split(';')[0]
  if (!response.ok || !cookie) throw new Error(`logging in answered ${response.status}`)
  return cookie
}

async function measureLighthouse(baseUrl: string, cookie: string): Promise<void> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
  try {
    const targets = [
      ...publicRoutes.map((route) => ({ route, budget: route === '/' ? 100 : 98, cookie: null })),
      ...playerRoutes.map((route) => ({ route, budget: 98, cookie })),
    ]
    for (const target of targets) {
      const runs: { score: number; fcp: number; lcp: number; tbt: number; cls: number }[] = []
      const failedRuns: string[] = []
      for (let run = 0; run < lighthouseRuns; run += 1) {
        const result = await lighthouse(`${baseUrl}${target.route}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          ...(target.cookie ? { extraHeaders: { Cookie: target.cookie } } : {}),
        })
        const lhr = result?.lhr
        if (!lhr) throw new Error(`Lighthouse gave no result for ${target.route}`)
        if (lhr.runtimeError) {
          // A run Lighthouse could not measure (it scores 0) says nothing about the page.
          failedRuns.push(lhr.runtimeError.code)
          continue
        }
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
        runs.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          fcp: audit('first-contentful-paint'),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
        })
      }
      const middle = runs.find((run) => run.score === median(runs.map((each) => each.score)))
      rows.push({
        group: 'lighthouse',
        name: `performance ${target.route}${target.cookie ? ' (player)' : ''}`,
        value: middle?.score ?? 0,
        unit: 'score',
        budget: target.budget,
        better: 'higher',
        detail: middle
          ? `FCP ${(middle.fcp / 1000).toFixed(1)} s, LCP ${(middle.lcp / 1000).toFixed(1)} s, ` +
            `TBT ${middle.tbt.toFixed(0)} ms, CLS ${middle.cls.toFixed(3)}; runs ${runs
              .map((each) => each.score)
              .join('/')}${failedRuns.length > 0 ? `; not measured: ${failedRuns.join(', ')}` : ''}`
          : `no run measured: ${failedRuns.join(', ')}`,
      })
      say(`Lighthouse ${target.route}: ${runs.map((each) => each.score).join(', ')}`)
    }
  } finally {
    chrome.kill()
  }
}

// ---------------------------------------------------------------------------------------------
// API

type Load = { rps: number; p50: number; p99: number; serverErrors: number; socketErrors: number }

/**
 * autocannon on one route for `seconds`; `paths` gives each request its path (and query), for a
 * load that pages through a list.
 */
async function load(
  url: string,
  seconds: number,
  cookie?: string,
  options: { connections?: number; paths?: () => string } = {},
): Promise<Load> {
  const { paths } = options
  const result = await autocannon({
    url,
    connections: options.connections ?? connections,
    duration: seconds,
    headers: { 'accept-encoding': browserAcceptEncoding, ...(cookie ? { cookie } : {}) },
    ...(paths
      ? { requests: [{ setupRequest: (request) => ({ ...request, path: paths() }) }] }
      : {}),
  })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    serverErrors: result['5xx'],
    socketErrors: result.errors + result.timeouts,
  }
}

async function measureApi(server: Server, cookie: string, serverPgid: number): Promise<void> {
  const [barePort, selectPort] = [await freePort(), await freePort()]
  const ceilingDir = mkdtempSync(join(tmpdir(), 'tery-bench-ceiling-'))
  const ceilings = start(
    join(root, 'node_modules', '.bin', 'tsx'),
    ['scripts/lib/bench-ceilings.ts', String(barePort), String(selectPort), ceilingDir],
    process.env,
  )
  running.add(ceilings)
  try {
    await waitForOk(`http://127.0.0.1:${barePort}/`, ceilings, 60_000)
    await waitForOk(`http://127.0.0.1:${selectPort}/`, ceilings, 60_000)
    const bare = `http://127.0.0.1:${barePort}/`
    const pointSelect = `http://127.0.0.1:${selectPort}/`

    // Alternated in one run, so a neighbour's load on this shared machine hits both sides.
    const results: Record<string, Load> = {}
    const plan: [string, () => Promise<Load>][] = [
      ['bare', () => load(bare, ceilingSeconds)],
      ['config', () => load(`${server.baseUrl}/api/config`, loadSeconds)],
      ['pointSelect', () => load(pointSelect, ceilingSeconds)],
      ['session', () => load(`${server.baseUrl}/api/auth/session`, loadSeconds, cookie)],
      ['profile', () => load(`${server.baseUrl}/api/user/profile`, loadSeconds, cookie)],
    ]
    for (const [name, run] of plan) {
      say(`load: ${name}`)
      results[name] = await run()
    }
    const memoryAfterLoad = rssOfGroup(serverPgid)
    if (server.exited()) {
      console.error(
        `[bench] the server exited under load; its last output:\n${server.output.join('').slice(-3000)}`,
      )
    }

    const apiRows: [string, string, string, number][] = [
      ['GET /api/config', 'config', 'bare', 0.7],
      ['GET /api/auth/session', 'session', 'pointSelect', 0.9],
      ['GET /api/user/profile', 'profile', 'pointSelect', 0.5],
    ]
    for (const [label, key, ceilingKey, budget] of apiRows) {
      const route = results[key]
      const ceiling = results[ceilingKey]
      if (!route || !ceiling) continue
      rows.push({
        group: 'api',
        name: `${label} / ${ceilingKey === 'bare' ? 'bare Hono' : 'Hono + PGlite select'}`,
        value: route.rps / ceiling.rps,
        unit: 'x',
        budget,
        better: 'higher',
        detail: `${route.rps.toFixed(0)} vs ${ceiling.rps.toFixed(0)} req/s; load ${loadAverage()}`,
      })
      rows.push({
        group: 'api',
        name: `${label} p99`,
        value: route.p99,
        unit: 'ms',
        budget: 500,
        better: 'lower',
      })
    }
    const serverLoads = ['config', 'session', 'profile'].map((key) => results[key])
    rows.push({
      group: 'api',
      name: '5xx and socket errors',
      value: serverLoads.reduce(
        (sum, each) => sum + (each ? each.serverErrors + each.socketErrors : 0),
        0,
      ),
      unit: '',
      budget: 0,
      better: 'lower',
      detail: serverLoads
        .map((each) => `${each?.serverErrors ?? 0} 5xx, ${each?.socketErrors ?? 0} socket`)
        .join('; '),
    })
    rows.push({
      group: 'memory',
      name: `server RSS after ${loadSeconds * 3} s of load`,
      // A server that died under load has no memory to show: that is a failure, not a pass.
      value: server.exited() ? Number.POSITIVE_INFINITY : memoryAfterLoad / MB,
      unit: 'MB',
      budget: 600,
      better: 'lower',
    })
  } finally {
    await stop(ceilings)
    rmSync(ceilingDir, { recursive: true, force: true })
  }
}

// ---------------------------------------------------------------------------------------------
// scale: the team calls at 100, 1,000 and 10,000 members, and what paging them costs the others

/** The team sizes the scale rows compare, each with the first (decision 023). */
const teamSizes = quick ? [100, 1_000] : [100, 1_000, 10_000]
/** The cost of a team call may grow this much from a team of 100 to the largest. */
const SCALE_BUDGET = 2
const scaleSeconds = quick ? 2 : 5
const scaleConnections = 10
/** The session check's p99 while the largest team is paged (its alone figure beside it). */
const HEAD_OF_LINE_BUDGET_MS = 20

type Leader = Credentials & { members: number }

/** The first field of /proc/loadavg: printed beside each ratio, since the machine is shared. */
function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ')[0] ?? '?'
  } catch {
    return '?'
  }
}

/**
 * `npm run admin -- seed-team <members>` on the DATA_DIR of a stopped server: a leader with a team
 * of that size, signed up as players are (server/db/seed/team.ts).
 */
function seedTeam(dataDir: string, members: number): Leader {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir }
  delete env.DATABASE_URL
  const run = spawnSync('npm', ['run', '--silent', 'admin', '--', 'seed-team', String(members)], {
    cwd: root,
    env,
    encoding: 'utf8',
  })
  const email = /<([^>]+)>/.exec(run.stdout)?.[1]
  const password = /password:\s+(\S+)/.exec(run.stdout)?.[1]
  if (run.status !== 0 || !email || !password) {
    throw new Error(`seed-team ${members} failed:\n${run.stdout}${run.stderr}`)
  }
  say(run.stdout.split('\n')[0] ?? '')
  return { members, email, password }
}

/**
 * The team calls of a leader of each size, each alternated with the same call of the leader of
 * the smallest team on the same server and database (the leaderboard, which is everyone's, with
 * the server of the small world instead): the cost ratio of N members to 100, requests per second
 * at 10 connections. Then the session check's p99 while two clients page the largest team.
 */
async function measureScale(
  small: { server: Server; cookie: string },
  large: Server,
  cookies: Map<number, string>,
): Promise<void> {
  const smallest = teamSizes[0] ?? 100
  const largest = teamSizes.at(-1) ?? smallest
  const smallCookie = cookies.get(smallest) ?? ''
  type Side = { server: Server; cookie: string }
  const compare = async (name: string, path: string, base: Side, grown: Side, label: string) => {
    const rounds: { base: Load; grown: Load }[] = []
    for (let round = 0; round < 2; round += 1) {
      const before = await load(`${base.server.baseUrl}${path}`, scaleSeconds, base.cookie, {
        connections: scaleConnections,
      })
      const after = await load(`${grown.server.baseUrl}${path}`, scaleSeconds, grown.cookie, {
        connections: scaleConnections,
      })
      rounds.push({ base: before, grown: after })
    }
    const baseRps = median(rounds.map((each) => each.base.rps))
    const grownRps = median(rounds.map((each) => each.grown.rps))
    rows.push({
      group: 'scale',
      name: `${name} ${label}`,
      value: baseRps / Math.max(grownRps, 1e-9),
      unit: 'x',
      budget: SCALE_BUDGET,
      better: 'lower',
      detail:
        `${baseRps.toFixed(0)} vs ${grownRps.toFixed(0)} req/s, p50 ` +
        `${median(rounds.map((each) => each.base.p50))} vs ${median(rounds.map((each) => each.grown.p50))} ms; ` +
        `load ${loadAverage()}`,
    })
  }
  const teamCalls = [
    ['GET /api/user/team', '/api/user/team'],
    ['GET /api/user/team/8/level', '/api/user/team/8/level'],
    ['GET /api/user/referral', '/api/user/referral'],
  ] as const
  for (const [name, path] of teamCalls) {
    for (const size of teamSizes.slice(1)) {
      say(`scale: ${name} at ${size} members`)
      await compare(
        name,
        path,
        { server: large, cookie: smallCookie },
        { server: large, cookie: cookies.get(size) ?? '' },
        `cost at ${size.toLocaleString('en')} members / at ${smallest}`,
      )
    }
  }
  say('scale: GET /api/leaderboard')
  await compare(
    'GET /api/leaderboard',
    '/api/leaderboard',
    small,
    { server: large, cookie: cookies.get(largest) ?? '' },
    `cost with the ${largest.toLocaleString('en')} team's world / with the ${smallest} team's`,
  )

  // Head of line: PGlite runs one statement at a time, so every request waits for the one running.
  const largestCookie = cookies.get(largest) ?? ''
  const pages = Math.ceil(largest / 8 / 10)
  const paged = [
    () => `/api/user/team/8/level?page=${1 + Math.floor(Math.random() * pages)}`,
    () => `/api/leaderboard?page=${1 + Math.floor(Math.random() * pages)}`,
    () => '/api/user/team',
    () => `/api/user/referral?page=${1 + Math.floor(Math.random() * pages)}`,
  ]
  let turn = 0
  const session = `${large.baseUrl}/api/auth/session`
  say('head of line: the session check alone, then while the largest team is paged')
  const alone = await load(session, scaleSeconds * 2, largestCookie, { connections: 2 })
  const [busy, pager] = await Promise.all([
    load(session, scaleSeconds * 2, largestCookie, { connections: 2 }),
    load(large.baseUrl, scaleSeconds * 2, largestCookie, {
      connections: 2,
      paths: () => (paged[turn++ % paged.length] ?? paged[0] ?? (() => '/'))(),
    }),
  ])
  rows.push({
    group: 'scale',
    name: `GET /api/auth/session p99 while 2 clients page the ${largest.toLocaleString('en')} team`,
    value: busy.p99,
    unit: 'ms',
    budget: HEAD_OF_LINE_BUDGET_MS,
    better: 'lower',
    detail:
      `alone ${alone.p99} ms (p50 ${alone.p50} vs ${busy.p50} ms); the pages ${pager.rps.toFixed(0)} req/s, ` +
      `${pager.serverErrors} 5xx; load ${loadAverage()}`,
  })
}

// ---------------------------------------------------------------------------------------------
// the table

type Baseline = { note: string; rows: Record<string, number> }

function readBaseline(): Baseline | null {
  return existsSync(baselinePath)
    ? (JSON.parse(readFileSync(baselinePath, 'utf8')) as Baseline)
    : null
}

const format = (value: number, unit: Row['unit']) => {
  if (unit === 'x') return `${value.toFixed(2)}x`
  if (unit === 'score' || unit === '' || unit === 'ms')
    return `${Math.round(value)}${unit === 'ms' ? ' ms' : ''}`
  return `${value.toFixed(1)} ${unit}`
}

function report(baseline: Baseline | null): boolean {
  const header = ['', 'figure', 'budget', 'baseline', '', 'detail']
  const lines = rows.map((row) => {
    const withinBudget = row.better === 'lower' ? row.value <= row.budget : row.value >= row.budget
    const before = baseline?.rows[row.name]
    const regressed =
      before !== undefined &&
      !(row.unit === 'ms' && Math.abs(row.value - before) < MS_NOISE_FLOOR) &&
      (row.better === 'lower'
        ? row.value > before * (1 + tolerance)
        : row.value < before * (1 - tolerance))
    const pass = withinBudget && !regressed
    return {
      pass,
      cells: [
        `${row.group}: ${row.name}`,
        format(row.value, row.unit),
        `${row.better === 'lower' ? '<=' : '>='} ${format(row.budget, row.unit)}`,
        before === undefined ? '-' : format(before, row.unit),
        pass ? 'pass' : regressed && withinBudget ? 'FAIL (regressed)' : 'FAIL',
        row.detail ?? '',
      ],
    }
  })
  const widths = header.map((_, column) =>
    Math.max(header[column]?.length ?? 0, ...lines.map((line) => line.cells[column]?.length ?? 0)),
  )
  const print = (cells: string[]) =>
    console.info(
      cells
        .map((cell, column) =>
          column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0),
        )
        .join('  '),
    )
  console.info('')
  print(header)
  console.info('-'.repeat(widths.slice(0, -1).reduce((sum, width) => sum + width + 2, 0) + 6))
  for (const line of lines) print(line.cells)
  return lines.every((line) => line.pass)
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const wants = (group: string) => only === undefined || only === group
  if (!args.includes('--no-build')) {
    say('vite build')
    const build = spawnSync(
      join(root, 'node_modules', '.bin', 'vite'),
      ['build', '--logLevel', 'warn'],
      {
        cwd: root,
        stdio: 'inherit',
      },
    )
    if (build.status !== 0) return build.status ?? 1
  }
  if (wants('bundle')) measureBundle()

  if (wants('start') || wants('lighthouse') || wants('api') || wants('scale')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'tery-bench-'))
    const scaleDir = `${dataDir}-scale`
    try {
      const port = await freePort()
      say('npm start on a new DATA_DIR (cold)')
      const cold = await npmStart(port, dataDir)
      await sleep(5000)
      const coldIdle = rssOfGroup(cold.server.child.pid ?? 0)
      await stop(cold.server)

      // The small world (the demo's and a team of 100) is the bench's database; the large one
      // adds a team of each larger size to a copy of it.
      const leaders: Leader[] = []
      if (wants('scale')) {
        const [smallest, ...larger] = teamSizes
        leaders.push(seedTeam(dataDir, smallest ?? 100))
        cpSync(dataDir, scaleDir, { recursive: true })
        for (const size of larger) leaders.push(seedTeam(scaleDir, size))
      }

      say('npm start again (warm)')
      const warm = await npmStart(port, dataDir)
      const server = warm.server
      const pgid = server.child.pid ?? 0
      await sleep(5000)
      if (wants('start')) {
        rows.push({
          group: 'start',
          name: 'warm npm start to first answer',
          value: warm.ms,
          unit: 'ms',
          budget: 2000,
          better: 'lower',
          detail: `cold (new database) ${(cold.ms / 1000).toFixed(1)} s`,
        })
        rows.push({
          group: 'memory',
          name: 'server RSS idle after a cold start',
          value: coldIdle / MB,
          unit: 'MB',
          budget: 600,
          better: 'lower',
        })
        rows.push({
          group: 'memory',
          name: 'server RSS idle, warm',
          value: rssOfGroup(pgid) / MB,
          unit: 'MB',
          budget: 400,
          better: 'lower',
        })
      }
      const cookie = await logIn(server.baseUrl)
      if (wants('lighthouse')) await measureLighthouse(server.baseUrl, cookie)
      if (wants('api')) await measureApi(server, cookie, pgid)
      if (wants('scale')) {
        say('npm start on the large world')
        const large = (await npmStart(await freePort(), scaleDir)).server
        const cookies = new Map<number, string>()
        for (const leader of leaders)
          cookies.set(leader.members, await logIn(large.baseUrl, leader))
        const smallCookie = await logIn(server.baseUrl, leaders[0] ?? demo)
        await measureScale({ server, cookie: smallCookie }, large, cookies)
        await stop(large)
      }
      await stop(server)
    } finally {
      for (const spawned of [...running]) await stop(spawned)
      rmSync(dataDir, { recursive: true, force: true })
      rmSync(scaleDir, { recursive: true, force: true })
    }
  }

  const baseline = readBaseline()
  const passed = report(quick ? null : baseline)
  if (args.includes('--save-baseline') && !quick && only === undefined) {
    const note =
      'Medians on the shared 2-core machine (other engineers’ builds and tests running); ' +
      `written ${new Date().toISOString().slice(0, 10)} by npm run bench -- --save-baseline`
    mkdirSync(dirname(baselinePath), { recursive: true })
    writeFileSync(
      baselinePath,
      `${JSON.stringify({ note, rows: Object.fromEntries(rows.map((row) => [row.name, Number(row.value.toFixed(3))])) }, null, 2)}\n`,
    )
    say(`baseline written to ${baselinePath}`)
  }
  console.info(passed ? '\n[bench] every row passes' : '\n[bench] FAILED: see the rows marked FAIL')
  return passed ? 0 : 1
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.all([...running].map(stop)).finally(() => process.exit(130))
  })
}

process.exitCode = await main()

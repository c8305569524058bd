/**
 * `npm run bench`: the performance suite, one table. Each row is a figure, its budget and pass or
 * fail; a row more than 5% worse than bench/baseline.json fails too. Exits 1 on any failure.
 *
 * 1. bundle: builds the SPA (`vite build`: prerender and precompression included) and measures,
 *    gzip level 9 and 1 KB = 1024 bytes, what '/' loads before it is interactive (the entry and
 *    every chunk its HTML modulepreloads), the largest lazy chunk and the CSS; checks that every
 *    public route is real Spanish HTML in dist/.
 * 2. start: `npm start` on a new DATA_DIR (a cold start: migrations and the demo seed), 3 times,
 *    then again (warm) 5 times, each warm start followed by one of the peer on the same folder
 *    (scripts/lib/bench-start-peer.mjs: Hono opening that PGlite folder and answering a select):
 *    spawn to the first 200 of GET /api/config, the warm start as a ratio of the peer's with the
 *    load average; the server's memory high-water mark (VmHWM) during a cold start, and its RSS
 *    idle.
 * 3. Lighthouse 12 (mobile preset, simulated throttling; the system Chromium), median of 3 runs,
 *    against that production server: every page of the route table as the build wrote it (each
 *    prerendered page as a visitor, every other page and each framed one with the demo player's
 *    session cookie; `builtRoutes`); each run alternated with one of the peer (scripts/lib/bench-peer.ts,
 *    a hello world of the same stack built and served the same way), and a row per page of its
 *    score minus the peer's (the issue's goal: no more than 3 points under).
 *    Layout shifts (`--only=shifts`): each of those pages loaded in Chromium through Playwright
 *    (4x CPU slowdown, every call held 400 ms), the sum of the browser's layout-shift
 *    entries and what moved, the largest of 3 runs, each alternated with the peer's.
 *    `--routes=/lottery,/team/1/level`: these pages only.
 * 4. API: autocannon (50 connections) against the server and, alternated with it in the same
 *    run, against three ceilings on this machine (scripts/lib/bench-ceilings.ts): each route's
 *    requests per second as a share of its ceiling, its p99, and no 5xx nor socket error. The
 *    reads (session, profile, trading board, team) against a primary-key select; the write row,
 *    gem transfers between the demo player and another seeded player (POST
 *    /api/inventory/send/gems), against a transaction of two balance updates and an insert, with
 *    no transfer refused. The server's memory after that load. Every request accepts the
 *    encodings Chromium's accept, as the app's own calls do: without them the load measured
 *    answers no browser gets.
 *
 * 5. Scale (decision 023): a leader with a team of 100, 1,000 and 10,000 members
 *    (`npm run admin -- seed-team`, on a copy of the database), each team call's cost at N members
 *    as a multiple of its cost at 100, alternated on one server; the leaderboard of that world
 *    against the small one's; and the session check's p99 while two clients page the largest team.
 *    `--database-url=<url>`: on that PostgreSQL server (databases created and dropped by the run)
 *    instead of PGlite. `--against=<checkout>`: another checkout (built, with `seed-team`), its
 *    worlds seeded the same way and each call measured on both in turn; a row per call gives
 *    this checkout's requests per second at the largest team over the other's. `--teams=100,10000`
 *    sets the sizes. `--head-of-line-postgres=<url>` (on PGlite): the head-of-line row on that
 *    PostgreSQL server too (a database with the demo and the largest team, dropped at the end),
 *    alternated with PGlite's in the same minutes.
 *
 * Flags: `--quick` (one Lighthouse run, 3 s of load, teams of 100 and 1,000: a smoke run, not a
 * measurement), `--no-build` (measure the dist/ already there), `--save-baseline` (write
 * bench/baseline.json from this run), `--only=<group>` (bundle, start, lighthouse, shifts, api or scale;
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
import postgres from 'postgres'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromium, type Browser } from 'playwright-core'
import { prerenderedFile, SHELL_FILE } from '../contract/built-site'
import { DEFERRED_CHUNKS_ID, ROUTE_CHUNKS_ID, type RouteChunks } from '../src/app/hydration-data'
import { chromiumFlags, chromiumPath, demo, logIn, type Credentials } from './lib/bench-browser'

const root = resolve(fileURLToPath(new URL('..', import.meta.url)))
const dist = join(root, 'dist')
const baselinePath = join(root, 'bench', 'baseline.json')
const args = process.argv.slice(2)
const quick = args.includes('--quick')
/** The value of `--<name>=<value>`, if given. */
const option = (name: string) =>
  args.find((arg) => arg.startsWith(`--${name}=`))?.slice(`--${name}=`.length)
const only = option('only')
const KB = 1024
const MB = 1024 * 1024

/**
 * The address measured for each route of the table with parameters: one the demo seed has (its
 * team's first generation, a product of the shop's catalog).
 */
const routeAddresses: Record<string, string> = {
  '/team/:id/level': '/team/1/level',
  '/shop/:product': '/shop/batteries',
}

/**
 * Routes of the table that are steps of a flow, not pages a player opens: what they show comes from
 * their query (the music provider's answer, the lesson chosen on /training), and opened bare they
 * only say there is nothing to do there.
 */
const flowSteps = ['/music/callback', '/training/playing']

/**
 * The pages the rows measure, read from the build, which writes every route of src/app/router.tsx
 * (the table itself loads through Vite only): each prerendered page (dist/<route>/index.html) as a
 * visitor gets it, and as the demo player every route the shell lists (its route-chunks block) and
 * every framed page (dist/<route>/player.html), in the table's order.
 */
function builtRoutes(): { publicRoutes: string[]; playerRoutes: string[] } {
  const built = (file: string) =>
    readdirSync(dist, { recursive: true, encoding: 'utf8' })
      .filter((name) => name === file || name.endsWith(`/${file}`))
      .map((name) => `/${name.slice(0, -file.length).replace(/\/$/, '')}`)
  const shell = readFileSync(join(dist, SHELL_FILE), 'utf8')
  const listed = new RegExp(`id="${ROUTE_CHUNKS_ID}">([^<]*)<`).exec(shell)?.[1]
  if (!listed) throw new Error(`${SHELL_FILE} has no ${ROUTE_CHUNKS_ID} block`)
  const shellPaths = (JSON.parse(listed) as RouteChunks).map(([path]) => path)
  const playerPaths = [...new Set([...shellPaths, ...built('player.html')])]
  const playerRoutes = playerPaths
    .filter((path) => !flowSteps.includes(path))
    .map((path) => {
      if (!path.includes(':')) return path
      const address = routeAddresses[path]
      if (!address) throw new Error(`bench: no address of the demo seed to measure ${path} at`)
      return address
    })
  return { publicRoutes: built('index.html').sort(), playerRoutes }
}

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
  unit: '' | 'KB' | 'MB' | 'ms' | 'x' | 'score' | 'cls'
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

  const pages = [...builtRoutes().publicRoutes.map(prerenderedFile), SHELL_FILE]
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
function start(
  command: string,
  commandArgs: string[],
  env: NodeJS.ProcessEnv,
  cwd = root,
): Spawned {
  const output: string[] = []
  const child = spawn(command, commandArgs, {
    cwd,
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

/**
 * The largest resident set among the processes of a group: the server, not npm or tsx. VmRSS is
 * what each holds now; VmHWM the most it ever held, the peak of a start that an idle figure hides.
 */
function rssOfGroup(pgid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  let largest = 0
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (Number(fields[2]) !== pgid) continue
      const status = readFileSync(`/proc/${entry}/status`, 'utf8')
      const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)
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

/** Where a server keeps its data: PGlite in `dataDir`, or the PostgreSQL database `databaseUrl`. */
type Store = { dataDir: string; databaseUrl: string | null }

/** The environment of a server or the admin CLI on that store. */
function storeEnv(store: Store): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: store.dataDir }
  if (store.databaseUrl) env.DATABASE_URL = store.databaseUrl
  else delete env.DATABASE_URL
  return env
}

/**
 * `npm start` in a checkout on a port of its own: what a player's operator runs. Returns it and
 * its start time.
 */
async function npmStart(
  port: number,
  store: Store,
  checkout = root,
): Promise<{ server: Server; ms: number }> {
  const env: NodeJS.ProcessEnv = {
    ...storeEnv(store),
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED: 'demo',
  }
  delete env.APP_ORIGIN
  const started = performance.now()
  const spawned = start('npm', ['start', '--silent'], env, checkout)
  running.add(spawned)
  const server = { ...spawned, baseUrl: `http://127.0.0.1:${port}` }
  await waitForOk(`${server.baseUrl}/api/config`, spawned, 180_000)
  return { server, ms: performance.now() - started }
}

/**
 * The warm start's peer (scripts/lib/bench-start-peer.mjs): a Hono server opening the same PGlite
 * folder, from its spawn to its first answer. Stopped at once: the folder is the server's.
 */
async function peerStart(port: number, store: Store): Promise<number> {
  const env: NodeJS.ProcessEnv = { ...storeEnv(store), PORT: String(port) }
  const started = performance.now()
  const spawned = start(process.execPath, ['scripts/lib/bench-start-peer.mjs'], env)
  running.add(spawned)
  try {
    await waitForOk(`http://127.0.0.1:${port}/api/config`, spawned, 60_000)
    return performance.now() - started
  } finally {
    await stop(spawned)
  }
}

/** Cold starts measured: each on a new folder, the time and memory figures their medians. */
const coldStarts = quick ? 1 : 3
/** Warm starts measured, each followed by one of the peer on the same folder. */
const warmStarts = quick ? 1 : 5
/** Warm `npm start` may take this many times the peer's start. */
const START_BUDGET = 1.2

// ---------------------------------------------------------------------------------------------
// Lighthouse

/** The routes the Lighthouse and shift rows measure: every one, or those `--routes=` names. */
function pageTargets(cookie: string): { route: string; cookie: string | null }[] {
  const chosen = option('routes')?.split(',')
  const { publicRoutes, playerRoutes } = builtRoutes()
  return [
    ...publicRoutes.map((route) => ({ route, cookie: null })),
    ...playerRoutes.map((route) => ({ route, cookie })),
  ].filter((target) => !chosen || chosen.includes(target.route))
}

const pageLabel = (target: { route: string; cookie: string | null }) =>
  `${target.route}${target.cookie ? ' (player)' : ''}`

/** The peer (scripts/lib/bench-peer.ts) built and listening, for the page rows. */
async function startPeer(): Promise<{ peer: Spawned; baseUrl: string; dir: string }> {
  const [port, dir] = [await freePort(), mkdtempSync(join(tmpdir(), 'tery-bench-peer-'))]
  const peer = start(
    join(root, 'node_modules', '.bin', 'tsx'),
    ['scripts/lib/bench-peer.ts', String(port), dir],
    process.env,
  )
  running.add(peer)
  const baseUrl = `http://127.0.0.1:${port}`
  await waitForOk(`${baseUrl}/`, peer, 120_000)
  return { peer, baseUrl, dir }
}

async function measureLighthouse(baseUrl: string, cookie: string, peerUrl: string): Promise<void> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: chromiumFlags,
  })
  type Run = {
    score: number
    fcp: number
    lcp: number
    tbt: number
    cls: number
    /** Main-thread work by kind (Lighthouse's groups: script, style and layout...), in ms. */
    work: string
  }
  /** One Lighthouse run, or the code of the error that kept it from measuring. */
  const measure = async (url: string, withCookie: string | null): Promise<Run | string> => {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(withCookie ? { extraHeaders: { Cookie: withCookie } } : {}),
    })
    const lhr = result?.lhr
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`)
    // A run Lighthouse could not measure (it scores 0) says nothing about the page.
    if (lhr.runtimeError) return lhr.runtimeError.code
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      work: mainThreadWork(lhr.audits['mainthread-work-breakdown']?.details),
    }
  }
  try {
    for (const target of pageTargets(cookie)) {
      const runs: Run[] = []
      const peerScores: number[] = []
      const failedRuns: string[] = []
      const loads: string[] = []
      // Alternated with the peer, so a neighbour's load on this shared machine hits both.
      for (let run = 0; run < lighthouseRuns; run += 1) {
        const measured = await measure(`${baseUrl}${target.route}`, target.cookie)
        if (typeof measured === 'string') failedRuns.push(measured)
        else runs.push(measured)
        const peer = await measure(`${peerUrl}${target.route}`, null)
        if (typeof peer !== 'string') peerScores.push(peer.score)
        loads.push(loadAverage())
      }
      const middle = runs.find((run) => run.score === median(runs.map((each) => each.score)))
      const peerScore = median(peerScores)
      rows.push({
        group: 'lighthouse',
        name: `performance ${pageLabel(target)}`,
        value: middle?.score ?? 0,
        unit: 'score',
        budget: target.route === '/' ? 100 : 98,
        better: 'higher',
        detail: middle
          ? `FCP ${(middle.fcp / 1000).toFixed(1)} s, LCP ${(middle.lcp / 1000).toFixed(1)} s, ` +
            `TBT ${middle.tbt.toFixed(0)} ms, CLS ${middle.cls.toFixed(3)}; ${middle.work}; runs ${runs
              .map((each) => each.score)
              .join('/')}${failedRuns.length > 0 ? `; not measured: ${failedRuns.join(', ')}` : ''}`
          : `no run measured: ${failedRuns.join(', ')}`,
      })
      rows.push({
        group: 'lighthouse',
        name: `performance ${pageLabel(target)} minus the peer's`,
        value: (middle?.score ?? 0) - peerScore,
        unit: 'score',
        budget: -3,
        better: 'higher',
        detail: `peer ${peerScore} (runs ${peerScores.join('/')}); load ${loads.join(', ')}`,
      })
      say(
        `Lighthouse ${target.route}: ${runs.map((each) => each.score).join(', ')}; peer ${peerScores.join(', ')}`,
      )
    }
  } finally {
    chrome.kill()
  }
}

/**
 * Lighthouse's main-thread breakdown (4x CPU, simulated) summed by kind, largest first:
 * `main thread 3.4 s: script 1.2, style 0.9, ...`, so a page's row says what its work is made of.
 */
function mainThreadWork(details: unknown): string {
  const items = (details as { items?: { group?: string; duration?: number }[] } | undefined)?.items
  if (!items) return 'main thread: no breakdown'
  const byGroup = new Map<string, number>()
  for (const { group = 'other', duration = 0 } of items) {
    byGroup.set(group, (byGroup.get(group) ?? 0) + duration)
  }
  const total = [...byGroup.values()].reduce((sum, ms) => sum + ms, 0)
  const parts = [...byGroup]
    .sort((a, b) => b[1] - a[1])
    .map(([group, ms]) => `${group} ${(ms / 1000).toFixed(1)}`)
  return `main thread ${(total / 1000).toFixed(1)} s: ${parts.join(', ')}`
}

// ---------------------------------------------------------------------------------------------
// layout shifts

/**
 * Every call of the page (the session check's too) is held this long, so what a slow answer moves
 * shows in every run: on a phone's network any of them can come after the first render.
 */
const SHIFT_CALL_DELAY_MS = 400

/** Collects a page's layout shifts, run in the page as it is written (see the file). */
const shiftObserver = join(root, 'scripts', 'lib', 'layout-shift-observer.js')

/**
 * The layout shifts of one load of a page in Chromium (a phone's viewport, 4x CPU slowdown, the
 * page's calls held SHIFT_CALL_DELAY_MS): their sum
 * (CLS, one load) and what moved, from the browser's own layout-shift entries.
 */
async function layoutShifts(
  browser: Browser,
  url: string,
  cookie: string | null,
): Promise<{ cls: number; moved: string[] }> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
  })
  try {
    if (cookie) {
      const [name = '', value = ''] = cookie.split('=')
      await context.addCookies([{ name, value, url }])
    }
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.route(/\/api\//, async (route) => {
      await sleep(SHIFT_CALL_DELAY_MS)
      await route.continue()
    })
    await page.addInitScript({ path: shiftObserver })
    await page.goto(url)
    // Not 'networkidle': a player's page keeps GET /api/live open, so its network is never idle.
    // The calls, each held SHIFT_CALL_DELAY_MS, have answered and rendered well within this.
    await page.waitForLoadState('load')
    await sleep(5000)
    const { observed, shifts } = (await page.evaluate(() => ({
      observed: Reflect.get(window, 'benchShiftsObserved') === true,
      shifts: Reflect.get(window, 'benchShifts'),
    }))) as { observed: boolean; shifts: { value: number; moved: string[] }[] }
    // A page where the observer did not run would read as no shift at all.
    if (!observed) throw new Error(`the layout-shift observer did not run on ${url}`)
    return {
      cls: shifts.reduce((sum, shift) => sum + shift.value, 0),
      moved: shifts.flatMap((shift) => shift.moved),
    }
  } finally {
    await context.close()
  }
}

/** Each page's largest layout shift over its runs, each run alternated with one of the peer. */
async function measureShifts(baseUrl: string, cookie: string, peerUrl: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags })
  try {
    for (const target of pageTargets(cookie)) {
      const runs: { cls: number; moved: string[] }[] = []
      const peer: number[] = []
      const loads: string[] = []
      for (let run = 0; run < lighthouseRuns; run += 1) {
        runs.push(await layoutShifts(browser, `${baseUrl}${target.route}`, target.cookie))
        peer.push((await layoutShifts(browser, `${peerUrl}${target.route}`, null)).cls)
        loads.push(loadAverage())
      }
      const worst = runs.reduce((a, b) => (b.cls > a.cls ? b : a))
      rows.push({
        group: 'shifts',
        name: `layout shift ${pageLabel(target)}`,
        value: worst.cls,
        unit: 'cls',
        budget: 0,
        better: 'lower',
        detail:
          `runs ${runs.map((each) => each.cls.toFixed(3)).join('/')}, peer ${peer
            .map((each) => each.toFixed(3))
            .join('/')}; load ${loads.join(', ')}` +
          (worst.moved.length > 0 ? `; moved: ${worst.moved.join(', ')}` : ''),
      })
      say(`shifts ${target.route}: ${runs.map((each) => each.cls.toFixed(3)).join(', ')}`)
    }
  } finally {
    await browser.close()
  }
}

// ---------------------------------------------------------------------------------------------
// API

type Load = {
  rps: number
  p50: number
  p99: number
  serverErrors: number
  socketErrors: number
  /** Answers outside 2xx: a refused transfer is an error of the load, not a cheap answer. */
  non2xx: number
  /** The machine's load average as the load ended (the machine is shared). */
  load: string
}

/** A request of a load that sends a body (autocannon's own shape). */
type LoadRequest = { method: 'POST'; path: string; headers: Record<string, string>; body: string }

/**
 * autocannon on one route for `seconds`; `paths` gives each request its path (and query), for a
 * load that pages through a list; `requests` are sent in turn on each connection.
 */
async function load(
  url: string,
  seconds: number,
  cookie?: string,
  options: { connections?: number; paths?: () => string; requests?: LoadRequest[] } = {},
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
    ...(options.requests ? { requests: options.requests } : {}),
  })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    serverErrors: result['5xx'],
    socketErrors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    load: loadAverage(),
  }
}

/** Waits until a spawned process prints `line`. */
async function waitForLine(spawned: Spawned, line: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!spawned.output.join('').includes(line)) {
    if (spawned.exited()) throw new Error(`exited before "${line}":\n${spawned.output.join('')}`)
    if (Date.now() > deadline) throw new Error(`no "${line}" within ${timeoutMs / 1000} s`)
    await sleep(20)
  }
}

/** A seeded player besides the demo one, to whom the demo player sends gems and who sends back. */
const counterpart: Credentials = {
  email: 'santiago.rodriguez@tery.example',
  password: demo.password,
}

/**
 * The gem transfers of the write row: the demo player sends one gem to the counterpart and the
 * counterpart one back, in turn on each connection. A connection sends its second only once its
 * first was answered, so neither balance can run out (50 connections hold at most 50 gems of the
 * demo player's 340 in flight), and every transfer is one a player could make.
 */
async function gemTransfers(baseUrl: string, cookie: string): Promise<LoadRequest[]> {
  const other = await logIn(baseUrl, counterpart)
  const codeOf = async (session: string) => {
    const response = await fetch(`${baseUrl}/api/auth/session`, { headers: { cookie: session } })
    const { data } = (await response.json()) as { data: { code: string } }
    return data.code
  }
  const send = (from: string, to: string): LoadRequest => ({
    method: 'POST',
    path: '/api/inventory/send/gems',
    headers: { cookie: from, origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ code: to, amount: 1 }),
  })
  return [send(cookie, await codeOf(other)), send(other, await codeOf(cookie))]
}

async function measureApi(server: Server, cookie: string, serverPgid: number): Promise<void> {
  const [barePort, selectPort, writePort] = [await freePort(), await freePort(), await freePort()]
  const ceilingDir = mkdtempSync(join(tmpdir(), 'tery-bench-ceiling-'))
  const ceilings = start(
    join(root, 'node_modules', '.bin', 'tsx'),
    [
      'scripts/lib/bench-ceilings.ts',
      String(barePort),
      String(selectPort),
      String(writePort),
      ceilingDir,
    ],
    process.env,
  )
  running.add(ceilings)
  try {
    await waitForLine(ceilings, 'ready', 60_000)
    const bare = `http://127.0.0.1:${barePort}/`
    const pointSelect = `http://127.0.0.1:${selectPort}/`
    const write = `http://127.0.0.1:${writePort}/`
    const writeRequest: LoadRequest = {
      method: 'POST',
      path: '/',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 1 }),
    }
    const transfers = await gemTransfers(server.baseUrl, cookie)
    const api = (path: string) => `${server.baseUrl}${path}`

    // Each route right after a run of its ceiling, so a neighbour's load on this shared machine
    // hits both sides of a ratio.
    const peers: Record<string, { name: string; run: () => Promise<Load> }> = {
      bare: { name: 'bare Hono', run: () => load(bare, ceilingSeconds) },
      select: { name: 'Hono + PGlite select', run: () => load(pointSelect, ceilingSeconds) },
      write: {
        name: 'Hono + PGlite write',
        run: () => load(write, ceilingSeconds, undefined, { requests: [writeRequest] }),
      },
    }
    const routes: {
      label: string
      ceiling: string
      budget: number
      run: () => Promise<Load>
    }[] = [
      {
        label: 'GET /api/config',
        ceiling: 'bare',
        budget: 0.7,
        run: () => load(api('/api/config'), loadSeconds),
      },
      ...['/api/auth/session', '/api/user/profile', '/api/trading', '/api/user/team'].map(
        (path) => ({
          label: `GET ${path}`,
          ceiling: 'select',
          budget: path === '/api/auth/session' ? 0.9 : 0.5,
          run: () => load(api(path), loadSeconds, cookie),
        }),
      ),
      {
        label: 'POST /api/inventory/send/gems',
        ceiling: 'write',
        budget: 0.4,
        run: () => load(server.baseUrl, loadSeconds, undefined, { requests: transfers }),
      },
    ]
    const results: { label: string; route: Load; ceiling: Load }[] = []
    for (const { label, ceiling, budget, run } of routes) {
      const peer = peers[ceiling]
      if (!peer) throw new Error(`no ceiling ${ceiling}`)
      say(`load: ${peer.name}, then ${label}`)
      const measured = { label, ceiling: await peer.run(), route: await run() }
      results.push(measured)
      rows.push({
        group: 'api',
        name: `${label} / ${peer.name}`,
        value: measured.route.rps / measured.ceiling.rps,
        unit: 'x',
        budget,
        better: 'higher',
        detail:
          `${measured.route.rps.toFixed(0)} vs ${measured.ceiling.rps.toFixed(0)} req/s; ` +
          `load ${measured.ceiling.load}, ${measured.route.load}`,
      })
      rows.push({
        group: 'api',
        name: `${label} p99`,
        value: measured.route.p99,
        unit: 'ms',
        budget: 500,
        better: 'lower',
      })
    }
    const memoryAfterLoad = rssOfGroup(serverPgid)
    if (server.exited()) {
      console.error(
        `[bench] the server exited under load; its last output:\n${server.output.join('').slice(-3000)}`,
      )
    }

    const serverLoads = results.map((each) => each.route)
    rows.push({
      group: 'api',
      name: '5xx and socket errors',
      value: serverLoads.reduce((sum, each) => sum + each.serverErrors + each.socketErrors, 0),
      unit: '',
      budget: 0,
      better: 'lower',
      detail: serverLoads
        .map((each) => `${each.serverErrors} 5xx, ${each.socketErrors} socket`)
        .join('; '),
    })
    const written = results.find((each) => each.label.startsWith('POST'))
    rows.push({
      group: 'api',
      name: 'transfers refused (not 2xx)',
      value: (written?.route.non2xx ?? 0) + (written?.ceiling.non2xx ?? 0),
      unit: '',
      budget: 0,
      better: 'lower',
      detail: `the app ${written?.route.non2xx ?? 0}, the ceiling ${written?.ceiling.non2xx ?? 0}`,
    })
    rows.push({
      group: 'memory',
      name: `server RSS after ${(loadSeconds * serverLoads.length).toString()} s of load`,
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

/** The team sizes the scale rows compare, each with the first (decision 023); `--teams=` sets them. */
const teamSizes =
  option('teams')
    ?.split(',')
    .map(Number)
    .filter((size) => Number.isInteger(size) && size > 0) ??
  (quick ? [100, 1_000] : [100, 1_000, 10_000])
/** The cost of a team call may grow this much from a team of 100 to the largest. */
const SCALE_BUDGET = 2
const scaleSeconds = quick ? 2 : 5
const scaleConnections = 10
/** `--database-url`: the scale rows on that PostgreSQL server instead of PGlite. */
const scaleDatabaseUrl = option('database-url')
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
 * `npm run admin -- seed-team <members>` in a checkout, on the database of a stopped server: a
 * leader with a team of that size, signed up as players are (server/db/seed/team.ts).
 */
function seedTeam(store: Store, members: number, checkout: string): Leader {
  const run = spawnSync('npm', ['run', '--silent', 'admin', '--', 'seed-team', String(members)], {
    cwd: checkout,
    env: storeEnv(store),
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
 * The databases of the scale rows: PGlite folders, or with `--database-url` databases created on
 * that PostgreSQL server (a copy made with CREATE DATABASE … TEMPLATE) and dropped at the end.
 */
type Stores = {
  create: (name: string) => Promise<Store>
  copy: (from: Store, name: string) => Promise<Store>
  dropAll: () => Promise<void>
}

function pgliteStores(): Stores {
  const dirs: string[] = []
  const make = (name: string) => {
    const dataDir = mkdtempSync(join(tmpdir(), `tery-bench-${name}-`))
    dirs.push(dataDir)
    return { dataDir, databaseUrl: null }
  }
  return {
    create: async (name) => make(name),
    copy: async (from, name) => {
      const store = make(name)
      cpSync(from.dataDir, store.dataDir, { recursive: true })
      return store
    },
    dropAll: async () => {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
    },
  }
}

function postgresStores(serverUrl: string): Stores {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined })
  const created: Store[] = []
  const make = async (name: string, template?: Store) => {
    const database = `tery_bench_${process.pid}_${name.replace(/\W/g, '_')}`
    await admin.unsafe(
      `CREATE DATABASE "${database}"${template ? ` TEMPLATE "${new URL(template.databaseUrl ?? '').pathname.slice(1)}"` : ''}`,
    )
    const url = new URL(serverUrl)
    url.pathname = `/${database}`
    // The server's own files (uploads) still live in a folder.
    const store = {
      dataDir: mkdtempSync(join(tmpdir(), `tery-bench-${name}-`)),
      databaseUrl: url.toString(),
    }
    created.push(store)
    return store
  }
  return {
    create: (name) => make(name),
    copy: (from, name) => make(name, from),
    dropAll: async () => {
      for (const store of created) {
        const database = new URL(store.databaseUrl ?? '').pathname.slice(1)
        await admin.unsafe(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)
        rmSync(store.dataDir, { recursive: true, force: true })
      }
      await admin.end()
    },
  }
}

/**
 * One checkout's two worlds on one kind of database: the small one (the demo and a team of the
 * smallest size) and the large one (a copy with a team of each larger size), each with its server.
 */
type World = {
  label: string
  small: Server
  large: Server
  smallCookie: string
  cookies: Map<number, string>
}

async function buildWorld(
  checkout: string,
  label: string,
  key: string,
  stores: Stores,
): Promise<World> {
  const [smallest = 100, ...larger] = teamSizes
  const small = await stores.create(`${key}-small`)
  say(`${label}: npm start on a new database (migrations and the demo)`)
  await stop((await npmStart(await freePort(), small, checkout)).server)
  const leaders = [seedTeam(small, smallest, checkout)]
  const large = await stores.copy(small, `${key}-large`)
  for (const size of larger) leaders.push(seedTeam(large, size, checkout))
  const smallServer = (await npmStart(await freePort(), small, checkout)).server
  const largeServer = (await npmStart(await freePort(), large, checkout)).server
  const cookies = new Map<number, string>()
  for (const leader of leaders)
    cookies.set(leader.members, await logIn(largeServer.baseUrl, leader))
  const smallCookie = await logIn(smallServer.baseUrl, leaders[0] ?? demo)
  return { label, small: smallServer, large: largeServer, smallCookie, cookies }
}

/**
 * The team calls of a leader of each size, each alternated with the same call of the leader of
 * the smallest team on the same server and database (the leaderboard, which is everyone's, with
 * the server of the small world instead): the cost ratio of N members to 100, requests per second
 * at 10 connections. With `--against`, each round measures both checkouts in turn, and a row per
 * call compares their requests per second at the largest team. Then each checkout's session
 * check p99 while two clients page its largest team.
 */
async function measureScale(worlds: World[], headOfLineExtra: HeadOfLineSide[]): Promise<void> {
  const smallest = teamSizes[0] ?? 100
  const largest = teamSizes.at(-1) ?? smallest
  const suffix = (world: World) => (worlds.length > 1 ? ` (${world.label})` : '')
  type Side = { server: Server; cookie: string }
  type Pair = { world: World; base: Side; grown: Side }
  const compare = async (name: string, path: string, pairs: Pair[], label: string) => {
    const rounds = pairs.map(() => [] as { base: Load; grown: Load }[])
    for (let round = 0; round < 2; round += 1) {
      for (const [index, pair] of pairs.entries()) {
        const options = { connections: scaleConnections }
        const base = await load(
          `${pair.base.server.baseUrl}${path}`,
          scaleSeconds,
          pair.base.cookie,
          options,
        )
        const grown = await load(
          `${pair.grown.server.baseUrl}${path}`,
          scaleSeconds,
          pair.grown.cookie,
          options,
        )
        rounds[index]?.push({ base, grown })
      }
    }
    const grownRps: number[] = []
    for (const [index, pair] of pairs.entries()) {
      const measured = rounds[index] ?? []
      const baseRps = median(measured.map((each) => each.base.rps))
      grownRps.push(median(measured.map((each) => each.grown.rps)))
      rows.push({
        group: 'scale',
        name: `${name} ${label}${suffix(pair.world)}`,
        value: baseRps / Math.max(grownRps[index] ?? 0, 1e-9),
        unit: 'x',
        budget: SCALE_BUDGET,
        better: 'lower',
        detail:
          `${baseRps.toFixed(0)} vs ${grownRps[index]?.toFixed(0)} req/s, p50 ` +
          `${median(measured.map((each) => each.base.p50))} vs ${median(measured.map((each) => each.grown.p50))} ms; ` +
          `load ${loadAverage()}`,
      })
    }
    const [ours, theirs] = [grownRps[0] ?? 0, grownRps[1]]
    if (theirs !== undefined && label.includes(largest.toLocaleString('en'))) {
      rows.push({
        group: 'scale',
        name: `${name} at ${largest.toLocaleString('en')} members: req/s, ${worlds[0]?.label} / ${worlds[1]?.label}`,
        value: ours / Math.max(theirs, 1e-9),
        unit: 'x',
        budget: 1,
        better: 'higher',
        detail: `${ours.toFixed(0)} vs ${theirs.toFixed(0)} req/s; load ${loadAverage()}`,
      })
    }
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
        worlds.map((world) => ({
          world,
          base: { server: world.large, cookie: world.cookies.get(smallest) ?? '' },
          grown: { server: world.large, cookie: world.cookies.get(size) ?? '' },
        })),
        `cost at ${size.toLocaleString('en')} members / at ${smallest}`,
      )
    }
  }
  say('scale: GET /api/leaderboard')
  await compare(
    'GET /api/leaderboard',
    '/api/leaderboard',
    worlds.map((world) => ({
      world,
      base: { server: world.small, cookie: world.smallCookie },
      grown: { server: world.large, cookie: world.cookies.get(largest) ?? '' },
    })),
    `cost with the ${largest.toLocaleString('en')} team's world / with the ${smallest} team's`,
  )

  await measureHeadOfLine([
    ...worlds.map((world) => ({
      label: `${world.label}${scaleDatabaseUrl ? ', PostgreSQL' : ', PGlite'}`,
      server: world.large,
      cookie: world.cookies.get(largest) ?? '',
    })),
    ...headOfLineExtra,
  ])
}

/** A server with the largest team, for the head-of-line row. */
type HeadOfLineSide = { label: string; server: Server; cookie: string }

/**
 * With `--head-of-line-postgres=<url>` on PGlite: a database on that PostgreSQL server with the
 * demo and the largest team (seeded by this checkout), its server, and its leader's session, so
 * that the head-of-line row shows both databases under the same load in the same run.
 */
async function buildPostgresHeadOfLine(stores: Stores): Promise<HeadOfLineSide> {
  const largest = teamSizes.at(-1) ?? 100
  const store = await stores.create('head-of-line')
  say('head of line on PostgreSQL: npm start on a new database (migrations and the demo)')
  await stop((await npmStart(await freePort(), store)).server)
  const leader = seedTeam(store, largest, root)
  const server = (await npmStart(await freePort(), store)).server
  return {
    label: 'this checkout, PostgreSQL',
    server,
    cookie: await logIn(server.baseUrl, leader),
  }
}

/**
 * Head of line: the session check's p99 alone, then while two clients page the largest team
 * (a level, the leaderboard, the overview, /referral, in turn). PGlite runs one statement at a
 * time on the server's thread, so a check that arrives while a page's statement runs waits for
 * it; PostgreSQL runs them side by side. Two rounds, the sides alternated within each, so that
 * every side meets the machine's load of the same minutes; the larger p99 of the two is the row.
 */
async function measureHeadOfLine(sides: HeadOfLineSide[]): Promise<void> {
  const largest = teamSizes.at(-1) ?? teamSizes[0] ?? 100
  const pages = Math.ceil(largest / 8 / 10)
  const paged = [
    () => `/api/user/team/8/level?page=${1 + Math.floor(Math.random() * pages)}`,
    () => `/api/leaderboard?page=${1 + Math.floor(Math.random() * pages)}`,
    () => '/api/user/team',
    () => `/api/user/referral?page=${1 + Math.floor(Math.random() * pages)}`,
  ]
  const rounds = sides.map(() => [] as { alone: Load; busy: Load; pager: Load }[])
  for (let round = 0; round < 2; round += 1) {
    for (const [index, side] of sides.entries()) {
      let turn = 0
      const session = `${side.server.baseUrl}/api/auth/session`
      say(`head of line (${side.label}, round ${round + 1}): the session check alone, then paged`)
      const alone = await load(session, scaleSeconds * 2, side.cookie, { connections: 2 })
      const [busy, pager] = await Promise.all([
        load(session, scaleSeconds * 2, side.cookie, { connections: 2 }),
        load(side.server.baseUrl, scaleSeconds * 2, side.cookie, {
          connections: 2,
          paths: () => (paged[turn++ % paged.length] ?? paged[0] ?? (() => '/'))(),
        }),
      ])
      rounds[index]?.push({ alone, busy, pager })
    }
  }
  for (const [index, side] of sides.entries()) {
    const measured = rounds[index] ?? []
    const each = (format: (round: { alone: Load; busy: Load; pager: Load }) => string) =>
      measured.map(format).join(', ')
    rows.push({
      group: 'scale',
      name: `GET /api/auth/session p99 while 2 clients page the ${largest.toLocaleString('en')} team (${side.label})`,
      value: Math.max(...measured.map((round) => round.busy.p99)),
      unit: 'ms',
      budget: HEAD_OF_LINE_BUDGET_MS,
      better: 'lower',
      detail:
        `rounds ${each((round) => `${round.busy.p99}`)} ms (alone ${each((round) => `${round.alone.p99}`)}; ` +
        `p50 ${each((round) => `${round.alone.p50} -> ${round.busy.p50}`)} ms); ` +
        `the pages ${each((round) => round.pager.rps.toFixed(0))} req/s, ` +
        `${measured.reduce((sum, round) => sum + round.pager.serverErrors, 0)} 5xx; ` +
        `load ${each((round) => round.busy.load)}`,
    })
  }
}

/** The scale rows: this checkout's worlds (and `--against`'s), measured, then stopped and dropped. */
async function runScale(): Promise<void> {
  const against = option('against')
  const stores = scaleDatabaseUrl ? postgresStores(scaleDatabaseUrl) : pgliteStores()
  const headOfLinePostgres = scaleDatabaseUrl ? undefined : option('head-of-line-postgres')
  const extraStores = headOfLinePostgres ? postgresStores(headOfLinePostgres) : null
  const worlds: World[] = []
  const extra: HeadOfLineSide[] = []
  try {
    worlds.push(await buildWorld(root, 'this checkout', 'this', stores))
    if (against) worlds.push(await buildWorld(resolve(against), against, 'against', stores))
    if (extraStores) extra.push(await buildPostgresHeadOfLine(extraStores))
    await measureScale(worlds, extra)
  } finally {
    for (const world of worlds) {
      await stop(world.small)
      await stop(world.large)
    }
    for (const side of extra) await stop(side.server)
    for (const spawned of [...running]) await stop(spawned)
    await stores.dropAll()
    await extraStores?.dropAll()
  }
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
  if (unit === 'cls') return value.toFixed(3)
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

  if (wants('start') || wants('lighthouse') || wants('shifts') || wants('api')) {
    const store: Store = { dataDir: mkdtempSync(join(tmpdir(), 'tery-bench-')), databaseUrl: null }
    try {
      const port = await freePort()
      // Each cold start on a new folder; the last one's folder is the warm starts'.
      const colds: { ms: number; peak: number; idle: number }[] = []
      for (let run = 0; run < (wants('start') ? coldStarts : 1); run += 1) {
        if (run > 0) {
          rmSync(store.dataDir, { recursive: true, force: true })
          store.dataDir = mkdtempSync(join(tmpdir(), 'tery-bench-'))
        }
        say(`npm start on a new DATA_DIR (cold ${run + 1}); load ${loadAverage()}`)
        const cold = await npmStart(port, store)
        await sleep(5000)
        const pgid = cold.server.child.pid ?? 0
        colds.push({ ms: cold.ms, peak: rssOfGroup(pgid, 'VmHWM'), idle: rssOfGroup(pgid) })
        await stop(cold.server)
      }

      // Ours and the peer in turn on the same folder, so a neighbour's load hits both.
      const [ours, peers, loads] = [[] as number[], [] as number[], [] as string[]]
      for (let run = 0; run < (wants('start') ? warmStarts : 0); run += 1) {
        loads.push(loadAverage())
        say(`npm start again (warm ${run + 1}), then the peer on the same folder`)
        const warm = await npmStart(port, store)
        ours.push(warm.ms)
        await stop(warm.server)
        peers.push(await peerStart(port, store))
      }
      say('npm start again (warm), the server the other rows measure')
      const server = (await npmStart(port, store)).server
      const pgid = server.child.pid ?? 0
      await sleep(5000)
      if (wants('start')) {
        const runs = (values: number[]) => values.map((each) => Math.round(each)).join('/')
        rows.push({
          group: 'start',
          name: 'warm npm start / Hono + PGlite opening the same folder',
          value: median(ours) / median(peers),
          unit: 'x',
          budget: START_BUDGET,
          better: 'lower',
          detail:
            `${median(ours).toFixed(0)} vs ${median(peers).toFixed(0)} ms (runs ${runs(ours)} vs ` +
            `${runs(peers)}); load ${loads.join(', ')}`,
        })
        const coldMs = colds.map((each) => each.ms)
        rows.push({
          group: 'start',
          name: 'cold npm start (new DATA_DIR, demo seed)',
          value: median(coldMs),
          unit: 'ms',
          budget: 10_000,
          better: 'lower',
          detail: `runs ${runs(coldMs)}; load ${loadAverage()}`,
        })
        const peaks = colds.map((each) => each.peak / MB)
        rows.push({
          group: 'memory',
          name: 'server memory high-water mark (VmHWM) of a cold start',
          value: median(peaks),
          unit: 'MB',
          budget: 600,
          better: 'lower',
          detail: `runs ${runs(peaks)}`,
        })
        rows.push({
          group: 'memory',
          name: 'server RSS idle after a cold start',
          value: median(colds.map((each) => each.idle)) / MB,
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
      if (wants('lighthouse') || wants('shifts')) {
        const { peer, baseUrl: peerUrl, dir } = await startPeer()
        try {
          if (wants('lighthouse')) await measureLighthouse(server.baseUrl, cookie, peerUrl)
          if (wants('shifts')) await measureShifts(server.baseUrl, cookie, peerUrl)
        } finally {
          await stop(peer)
          rmSync(dir, { recursive: true, force: true })
        }
      }
      if (wants('api')) await measureApi(server, cookie, pgid)
      await stop(server)
    } finally {
      for (const spawned of [...running]) await stop(spawned)
      rmSync(store.dataDir, { recursive: true, force: true })
    }
  }
  if (wants('scale')) await runScale()

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

/**
 * The long tasks of one load of a page, and what runs in each: what Lighthouse's total blocking
 * time counts, with the functions to blame.
 *
 *   npx tsx scripts/long-tasks.ts <base URL> <path> [--min 50] [--player] [--trace out.json]
 *
 * Loads the page of a running server (`npm start`) in Chromium at a phone's size with 4x CPU
 * slowdown, as the demo player with --player, records a performance trace with the V8 sampler,
 * and prints the first contentful paint, the largest-paint candidates (time, kind, size in px²)
 * and every main-thread task longer than --min ms, with the app's functions that ran longest in
 * it (time including what they called; the libraries' chunks left out). Build with
 * `npx vite build --minify false` to read the functions' names.
 */
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { chromiumFlags, chromiumPath, logIn } from './lib/bench-browser'

type TraceEvent = {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  id?: string
  args?: { data?: Record<string, unknown> }
}
type CallFrame = { functionName: string; url?: string; lineNumber: number }
type ProfileNode = { id: number; parent?: number; callFrame: CallFrame }
type ProfileChunk = {
  cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }
  timeDeltas?: number[]
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    min: { type: 'string', default: '50' },
    player: { type: 'boolean', default: false },
    trace: { type: 'string' },
  },
})
const [base, path] = positionals
if (!base || !path) {
  console.error('usage: npx tsx scripts/long-tasks.ts <base URL> <path> [--min 50] [--player]')
  process.exit(2)
}
const minMs = Number(values.min)
/** Chunks of the libraries: their frames are below the app's, which say what started the work. */
const library = /^(react|react-router|xstate|rolldown-runtime)-/

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags })
const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
if (values.player) {
  const [name = '', value = ''] = (await logIn(base)).split('=')
  await context.addCookies([{ name, value, url: base }])
}
const page = await context.newPage()
const cdp = await context.newCDPSession(page)
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
await browser.startTracing(page, {
  categories: [
    'devtools.timeline',
    'disabled-by-default-devtools.timeline',
    'v8.execute',
    'disabled-by-default-v8.cpu_profiler',
    'blink.user_timing',
    'loading',
  ],
})
await page.goto(`${base}${path}`, { waitUntil: 'load' })
// The page's calls, their renders and the work left for idle time.
await page.waitForTimeout(8000)
const buffer = await browser.stopTracing()
await browser.close()
if (values.trace) writeFileSync(values.trace, buffer)

const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents
const paint = events.find((event) => event.name === 'firstContentfulPaint')
const start = events.find((event) => event.name === 'navigationStart')
if (!paint) throw new Error('the trace has no first contentful paint')
if (!start) throw new Error('the trace has no navigation start')
const at = (ts: number) => `${((ts - start.ts) / 1000).toFixed(0)} ms`
const largest = events
  .filter((event) => event.name === 'largestContentfulPaint::Candidate')
  .map(
    (event) =>
      `${at(event.ts)} ${String(event.args?.data?.type)} ${String(event.args?.data?.size)} px²`,
  )
console.info(
  `first contentful paint ${at(paint.ts)}; largest paint candidates: ${largest.join(', ')}`,
)

// The sampler's call tree and its samples, in time.
const nodes = new Map<number, ProfileNode>()
const samples: { node: number; ts: number }[] = []
for (const event of events) {
  if (event.name !== 'ProfileChunk') continue
  const chunk = event.args?.data as ProfileChunk
  for (const node of chunk.cpuProfile?.nodes ?? []) nodes.set(node.id, node)
  const profile = events.find((each) => each.name === 'Profile' && each.id === event.id)
  let ts = samples.at(-1)?.ts ?? Number(profile?.args?.data?.startTime ?? 0)
  ;(chunk.cpuProfile?.samples ?? []).forEach((node, index) => {
    ts += chunk.timeDeltas?.[index] ?? 0
    samples.push({ node, ts })
  })
}

const tasks = events.filter(
  (event) =>
    event.name === 'RunTask' &&
    event.ph === 'X' &&
    event.pid === paint.pid &&
    event.tid === paint.tid &&
    (event.dur ?? 0) > minMs * 1000,
)
let blocking = 0
for (const task of tasks.sort((a, b) => a.ts - b.ts)) {
  const end = task.ts + (task.dur ?? 0)
  if (task.ts > paint.ts) blocking += (task.dur ?? 0) / 1000 - 50
  const inside = samples.filter((sample) => sample.ts >= task.ts && sample.ts < end)
  const time = new Map<string, number>()
  inside.forEach((sample, index) => {
    const spent = (inside[index + 1]?.ts ?? end) - sample.ts
    const seen = new Set<string>()
    for (let node = nodes.get(sample.node); node; node = nodes.get(node.parent ?? -1)) {
      const file = (node.callFrame.url ?? '').split('/').pop() ?? ''
      if (!file || library.test(file)) continue
      const label = `${node.callFrame.functionName || '(anonymous)'} ${file}:${node.callFrame.lineNumber + 1}`
      if (seen.has(label)) continue
      seen.add(label)
      time.set(label, (time.get(label) ?? 0) + spent)
    }
  })
  console.info(`\ntask at ${at(task.ts)}, ${((task.dur ?? 0) / 1000).toFixed(0)} ms`)
  for (const [label, spent] of [...time].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
    console.info(`  ${(spent / 1000).toFixed(1)} ms  ${label}`)
  }
}
console.info(`\nover 50 ms after the first paint, summed: ${blocking.toFixed(0)} ms`)

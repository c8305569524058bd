/**
 * `npm run e2e`: the player journeys in real Chromium against the real server.
 *
 * Builds the SPA (always: it takes about two seconds), seeds the demo once in a throwaway DATA_DIR
 * (a server started as `npm start` does, with SEED=demo, then stopped), starts the suite's server
 * on a free port on a copy of that folder, waits for GET /api/config, runs tests/e2e with their
 * own Vitest config (E2E_SEEDED_DATA_DIR names the seeded folder, for journeys that start a server
 * of their own), then stops the servers and removes the folders whatever happened. Extra
 * arguments go to Vitest (`npm run e2e -- -t phone`).
 *
 * No Chromium: a loud notice and exit 0, unless E2E=required (CI), where it is a failure.
 */
import { spawn } from 'node:child_process'
import { accessSync, constants, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  bin,
  copyOfDataDir,
  freePort,
  root,
  startServer,
  stopServer,
  waitUntilReady,
  type RunningServer,
} from './lib/server-process'
const resultsDir = join(root, 'test-results', 'e2e')
const serverLogPath = join(resultsDir, 'server.log')

const say = (line: string) => console.info(`[e2e] ${line}`)

function notice(lines: string[]): void {
  const bar = '!'.repeat(78)
  console.error([bar, ...lines.map((line) => `!! ${line}`), bar].join('\n'))
}

/** CHROME_PATH when set (it must then exist), else Debian's /usr/bin/chromium. */
function findChromium(): { path: string } | { missing: string } {
  const explicit = process.env.CHROME_PATH
  const candidate = explicit && explicit.length > 0 ? explicit : '/usr/bin/chromium'
  return executable(candidate) ? { path: candidate } : { missing: candidate }
}

/**
 * Chromium's headless shell (CHROME_HEADLESS_SHELL_PATH, else Debian's
 * /usr/bin/chromium-headless-shell), what Playwright itself runs headless tests in: the same
 * Blink without the browser around it, a sixth less CPU over the journeys (docs/testing.md, "The
 * gate's time"). Missing: the full Chromium drives them all, slower.
 */
function findHeadlessShell(chromium: string): string {
  const explicit = process.env.CHROME_HEADLESS_SHELL_PATH
  const candidate = explicit && explicit.length > 0 ? explicit : '/usr/bin/chromium-headless-shell'
  if (executable(candidate)) return candidate
  say(
    `no headless shell at ${candidate} (Debian: apt-get install chromium-headless-shell): the journeys run in ${chromium}`,
  )
  return chromium
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  return new Promise<number>((done) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' })
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)))
    child.on('error', () => done(1))
  })
}

async function main(): Promise<number> {
  const chromium = findChromium()
  if ('missing' in chromium) {
    const lines = [
      `E2E: no Chromium at ${chromium.missing}.`,
      'Install it (Debian: apt-get install chromium) or set CHROME_PATH to a Chromium binary.',
    ]
    if (process.env.E2E === 'required') {
      notice([...lines, 'E2E=required: this is a failure.'])
      return 1
    }
    notice([...lines, 'The end-to-end tests were SKIPPED. Set E2E=required to make this fail.'])
    return 0
  }
  const headlessShell = findHeadlessShell(chromium.path)
  say(`Chromium: ${chromium.path}; the journeys' pages in ${headlessShell}`)

  // Always a fresh build (about 2 s): the server serves dist/, and a stale dist/ would test old code.
  say('building the SPA (vite build)')
  const buildStarted = Date.now()
  const built = await run(bin('vite'), ['build', '--logLevel', 'warn'])
  if (built !== 0) return built
  say(`built in ${((Date.now() - buildStarted) / 1000).toFixed(1)} s`)

  mkdirSync(resultsDir, { recursive: true })
  // The demo is seeded once, by a server on a folder of its own that is then stopped; the suite's
  // server and the journeys that need a server of their own start on copies of that folder.
  const seededDir = mkdtempSync(join(tmpdir(), 'tery-e2e-seeded-'))
  const servers: { server: RunningServer; dataDir: string }[] = []
  const start = async (dataDir: string) => {
    // Passwords at the test cost (server/env.ts's NODE_ENV=test, its only effect), as on the
    // servers the journeys start themselves from Vitest's environment: each login and signup
    // otherwise took a production-cost hash, about 12 CPU-seconds a run. The production cost is
    // the login-flood probe's subject (tests/server/login-flood.test.ts).
    const server = startServer(await freePort(), dataDir, { NODE_ENV: 'test' })
    servers.push({ server, dataDir })
    try {
      await waitUntilReady(server, 120_000)
    } catch (error) {
      notice([`E2E: ${(error as Error).message}. Server output:`])
      console.error(server.log.join(''))
      return null
    }
    return server
  }
  let cleaned = false
  const cleanUp = async () => {
    if (cleaned) return
    cleaned = true
    for (const { server, dataDir } of servers) {
      await stopServer(server)
      rmSync(dataDir, { recursive: true, force: true })
    }
    rmSync(seededDir, { recursive: true, force: true })
    const log = servers.flatMap(({ server }) => server.log)
    await writeFile(serverLogPath, log.join('')).catch(() => undefined)
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void cleanUp().finally(() => process.exit(130))
    })
  }

  try {
    const started = Date.now()
    say(`seeding the demo in ${seededDir}`)
    const seeding = await start(seededDir)
    if (!seeding) return 1
    await stopServer(seeding)
    say(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    const dataDir = copyOfDataDir(seededDir, 'tery-e2e-')
    const serving = Date.now()
    const server = await start(dataDir)
    if (!server) return 1
    say(
      `server at ${server.baseUrl} (DATA_DIR ${dataDir}, a copy) ready in ${((Date.now() - serving) / 1000).toFixed(1)} s`,
    )
    return await run(
      bin('vitest'),
      ['run', '--config', 'tests/e2e/vitest.e2e.config.ts', ...process.argv.slice(2)],
      {
        ...process.env,
        E2E_BASE_URL: server.baseUrl,
        E2E_SEEDED_DATA_DIR: seededDir,
        CHROME_PATH: chromium.path,
        CHROME_HEADLESS_SHELL_PATH: headlessShell,
      },
    )
  } finally {
    await cleanUp()
    say(`servers stopped, temporary DATA_DIRs removed; server log in ${serverLogPath}`)
  }
}

process.exitCode = await main()

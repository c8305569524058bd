/**
 * `npm run e2e`: the player journeys in real Chromium against the real server.
 *
 * Builds the SPA (always: it takes about two seconds), starts `tsx server/index.ts` on a
 * free port with a throwaway DATA_DIR and the demo seed, waits for GET /api/config, runs
 * tests/e2e with their own Vitest config, then stops the server and removes the folder whatever
 * happened. Extra arguments go to Vitest (`npm run e2e -- -t phone`).
 *
 * No Chromium: a loud notice and exit 0, unless E2E=required (CI), where it is a failure.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { accessSync, constants, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(fileURLToPath(new URL('..', import.meta.url)))
const bin = (name: string) => join(root, 'node_modules', '.bin', name)
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
  try {
    accessSync(candidate, constants.X_OK)
    return { path: candidate }
  } catch {
    return { missing: candidate }
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  return new Promise<number>((done) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' })
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)))
    child.on('error', () => done(1))
  })
}

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

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

interface RunningServer {
  child: ChildProcess
  baseUrl: string
  log: string[]
  exited: () => boolean
}

function startServer(port: number, dataDir: string): RunningServer {
  const log: string[] = []
  // The embedded database in a throwaway folder, whatever the caller's shell points at.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED: 'demo',
  }
  delete env.DATABASE_URL
  delete env.APP_ORIGIN
  // Own process group, so stopping it also stops the node process tsx starts underneath.
  const child = spawn(bin('tsx'), ['server/index.ts'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  })
  let hasExited = false
  child.on('exit', () => (hasExited = true))
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()))
  return { child, baseUrl: `http://127.0.0.1:${port}`, log, exited: () => hasExited }
}

async function waitUntilReady(server: RunningServer, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.exited()) throw new Error('the server exited before answering GET /api/config')
    try {
      const response = await fetch(`${server.baseUrl}/api/config`)
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await sleep(250)
  }
  throw new Error(`GET /api/config did not answer within ${timeoutMs / 1000} s`)
}

async function stopServer(server: RunningServer): Promise<void> {
  const pid = server.child.pid
  if (pid === undefined || server.exited()) return
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal)
    } catch {
      // Already gone.
    }
  }
  signalGroup('SIGTERM')
  for (let waited = 0; waited < 10_000 && !server.exited(); waited += 100) await sleep(100)
  if (!server.exited()) signalGroup('SIGKILL')
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
  say(`Chromium: ${chromium.path}`)

  // Always a fresh build (about 2 s): the server serves dist/, and a stale dist/ would test old code.
  say('building the SPA (vite build)')
  const buildStarted = Date.now()
  const built = await run(bin('vite'), ['build', '--logLevel', 'warn'])
  if (built !== 0) return built
  say(`built in ${((Date.now() - buildStarted) / 1000).toFixed(1)} s`)

  mkdirSync(resultsDir, { recursive: true })
  const dataDir = mkdtempSync(join(tmpdir(), 'tery-e2e-'))
  const server = startServer(await freePort(), dataDir)
  let cleaned = false
  const cleanUp = async () => {
    if (cleaned) return
    cleaned = true
    await stopServer(server)
    rmSync(dataDir, { recursive: true, force: true })
    await writeFile(serverLogPath, server.log.join('')).catch(() => undefined)
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void cleanUp().finally(() => process.exit(130))
    })
  }

  try {
    const started = Date.now()
    say(`starting the server at ${server.baseUrl} (DATA_DIR ${dataDir}, SEED=demo)`)
    try {
      await waitUntilReady(server, 120_000)
    } catch (error) {
      notice([`E2E: ${(error as Error).message}. Server output:`])
      console.error(server.log.join(''))
      return 1
    }
    say(`server ready in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    return await run(
      bin('vitest'),
      ['run', '--config', 'tests/e2e/vitest.e2e.config.ts', ...process.argv.slice(2)],
      { ...process.env, E2E_BASE_URL: server.baseUrl, CHROME_PATH: chromium.path },
    )
  } finally {
    await cleanUp()
    say(`server stopped, temporary DATA_DIR removed; server log in ${serverLogPath}`)
  }
}

process.exitCode = await main()

/**
 * A real Tery server in a child process, on a port and a DATA_DIR of its own: the E2E runner
 * starts one for the suite, a journey that needs the operator CLI (which PGlite lets open a
 * folder only while no server holds it) starts, stops and starts its own, and the crash harness
 * kills one with SIGKILL and starts it again on the same data.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = resolve(fileURLToPath(new URL('../..', import.meta.url)))
export const bin = (name: string) => join(root, 'node_modules', '.bin', name)

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

export function freePort(): Promise<number> {
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

export interface RunningServer {
  child: ChildProcess
  baseUrl: string
  log: string[]
  exited: () => boolean
  /** performance.now() when the process was spawned. */
  spawnedAt: number
  /** performance.now() when it printed that it listens, or null before that. */
  listeningAt: () => number | null
}

/**
 * `node scripts/start.mjs` (`npm start`: the prebuilt server bundle) on 127.0.0.1:port with the embedded database in `dataDir` and the demo
 * seed, whatever the caller's shell points at (its DATABASE_URL and APP_ORIGIN are not passed
 * on); `env` adds or overrides variables, DATABASE_URL included.
 */
export function startServer(
  port: number,
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
): RunningServer {
  const log: string[] = []
  const inherited: NodeJS.ProcessEnv = { ...process.env }
  delete inherited.DATABASE_URL
  delete inherited.APP_ORIGIN
  const serverEnv: NodeJS.ProcessEnv = {
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED: 'demo',
    ...env,
  }
  const spawnedAt = performance.now()
  // What `npm start` runs, in a process group of its own so it can be signalled as a whole.
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: serverEnv,
  })
  let hasExited = false
  let listeningAt: number | null = null
  child.on('exit', () => (hasExited = true))
  child.stdout?.on('data', (chunk: Buffer) => {
    const text = chunk.toString()
    // server/index.ts prints this line once the HTTP server listens.
    if (listeningAt === null && text.includes('Tery escucha en')) listeningAt = performance.now()
    log.push(text)
  })
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()))
  return {
    child,
    baseUrl: `http://127.0.0.1:${port}`,
    log,
    exited: () => hasExited,
    spawnedAt,
    listeningAt: () => listeningAt,
  }
}

/**
 * A new folder under the system's temporary one holding a copy of `seeded`, the DATA_DIR of a
 * server that seeded the demo and was stopped: a server starts on the copy in about a second
 * (SEED=demo finds it seeded), where a new folder takes seven or more (initdb, the migrations,
 * the seed). The E2E runner seeds one folder and gives every server of the run a copy.
 */
export function copyOfDataDir(seeded: string, prefix: string): string {
  const copy = mkdtempSync(join(tmpdir(), prefix))
  cpSync(seeded, copy, { recursive: true })
  return copy
}

/**
 * Resolves once GET /api/config answers 200, asking every `pollMs` (the crash harness asks often,
 * to time a restart to a few milliseconds).
 */
export async function waitUntilReady(
  server: RunningServer,
  timeoutMs: number,
  pollMs = 250,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.exited()) throw new Error('the server exited before answering GET /api/config')
    try {
      const response = await fetch(`${server.baseUrl}/api/config`)
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await sleep(pollMs)
  }
  throw new Error(`GET /api/config did not answer within ${timeoutMs / 1000} s`)
}

function signalGroup(server: RunningServer, signal: NodeJS.Signals): void {
  const pid = server.child.pid
  if (pid === undefined) return
  try {
    process.kill(-pid, signal)
  } catch {
    // Already gone.
  }
}

/** SIGTERM to the server's process group, SIGKILL after 10 s; resolves once it has exited. */
export async function stopServer(server: RunningServer): Promise<void> {
  if (server.exited()) return
  signalGroup(server, 'SIGTERM')
  for (let waited = 0; waited < 10_000 && !server.exited(); waited += 100) await sleep(100)
  await killServer(server)
}

/**
 * SIGKILL to the server's process group at once, as the out-of-memory killer or a power cut
 * would end it: no handler runs, nothing is flushed or closed. Resolves once it has exited.
 */
export async function killServer(server: RunningServer): Promise<void> {
  if (!server.exited()) signalGroup(server, 'SIGKILL')
  while (!server.exited()) await sleep(10)
}

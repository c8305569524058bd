/**
 * A real Tery server in a child process, on a port and a DATA_DIR of its own: the E2E runner
 * starts one for the suite, and a journey that needs the operator CLI (which PGlite lets open a
 * folder only while no server holds it) starts, stops and starts its own.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
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
}

/**
 * `tsx server/index.ts` on 127.0.0.1:port with the embedded database in `dataDir` and the demo
 * seed, whatever the caller's shell points at; `env` adds or overrides variables.
 */
export function startServer(
  port: number,
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
): RunningServer {
  const log: string[] = []
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED: 'demo',
    ...env,
  }
  delete serverEnv.DATABASE_URL
  delete serverEnv.APP_ORIGIN
  // Own process group, so stopping it also stops the node process tsx starts underneath.
  const child = spawn(bin('tsx'), ['server/index.ts'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: serverEnv,
  })
  let hasExited = false
  child.on('exit', () => (hasExited = true))
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()))
  return { child, baseUrl: `http://127.0.0.1:${port}`, log, exited: () => hasExited }
}

export async function waitUntilReady(server: RunningServer, timeoutMs: number): Promise<void> {
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

/** SIGTERM to the server's process group, SIGKILL after 10 s; resolves once it has exited. */
export async function stopServer(server: RunningServer): Promise<void> {
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
  while (!server.exited()) await sleep(50)
}

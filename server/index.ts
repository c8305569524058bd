import { readFile } from 'node:fs/promises'
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import { createApp } from './app'
import { createLiveStreams } from './http/live-streams'
import { createHttpServer } from './http/client-error'
import { DataDirLockedError } from './db/data-dir-lock'
import { openDatabase } from './db/open-database'
import { seedDemoOnce } from './db/seed'
import { demoLogins } from './db/seed/players'
import { EnvError, readEnv } from './env'
import { startJobScheduler } from './services/jobs'
import { fileStoreFor } from './services/file-store'
import { musicProviderFor } from './services/music/providers'
import { JOB_FIRST_LOOK_MS, JOB_LOOK_INTERVAL_MS, jobsFor } from './services/scheduled-jobs'

/** The machine atlas `npm run docs` writes, served in development at /atlas (read per request). */
async function serveAtlas(res: ServerResponse): Promise<void> {
  try {
    const page = await readFile(new URL('../docs/atlas/index.html', import.meta.url))
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' })
    res.end(page)
  } catch {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' })
    res.end('No hay atlas: ejecuta "npm run docs".')
  }
}

async function main() {
  const dev = process.argv.includes('--dev')
  const env = readEnv()
  // On PGlite this locks DATA_DIR: a second server (or the admin CLI) on the folder is refused.
  const database = await openDatabase(env)
  const { db } = database
  const files = fileStoreFor(database, env.dataDir)

  // The app is put together before the first statement: PGlite reads and compiles its
  // WebAssembly meanwhile, off this thread, and that statement waits for it.
  const live = createLiveStreams({
    db,
    listen: database.listen,
    limits: env.liveLimits,
  })
  const app = createApp({
    db,
    live,
    allowedOrigins: env.appOrigins,
    trustProxy: env.trustProxy,
    files,
    distDir: dev ? undefined : env.distDir,
    accountAutoVerifyMs: env.accountAutoVerifyMs,
    musicProvider: musicProviderFor(env.music, db),
  })
  // Every request goes to the app's API unless development routes it elsewhere (set below, once
  // Vite, which needs the server, exists).
  let route = (api: RequestListener, req: IncomingMessage, res: ServerResponse) => api(req, res)
  const server = createHttpServer(app.fetch, (api) => (req, res) => route(api, req, res))

  await database.migrate()
  if (env.seed === 'demo') await seedDemoOnce(database, env.dataDir)
  // Listening before serving: a stream opened at the first request already gets what commits.
  await live.start()

  let closeVite = async () => {}
  if (dev) {
    // One origin in development too: /api goes to Hono, everything else to Vite, whose HMR
    // websocket shares this server instead of opening a port of its own.
    const { createServer: createViteServer } = await import('vite')
    const vite = await createViteServer({
      server: { middlewareMode: true, hmr: { server } },
      appType: 'spa',
    })
    closeVite = () => vite.close()
    route = (api, req, res) => {
      if (req.url === '/api' || req.url?.startsWith('/api/') || req.url?.startsWith('/api?')) {
        api(req, res)
      } else if (req.url === '/atlas' || req.url === '/atlas/') {
        void serveAtlas(res)
      } else {
        vite.middlewares(req, res)
      }
    }
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(env.port, env.host, resolve)
  })
  // The jobs' first look a moment after the server listens (JOB_FIRST_LOOK_MS): their
  // transactions hold PGlite's one connection, and the event loop, while they run.
  const stopJobs = startJobScheduler(db, jobsFor(env), {
    intervalMs: JOB_LOOK_INTERVAL_MS,
    firstLookMs: JOB_FIRST_LOOK_MS,
    now: () => new Date(),
    onError: (job, error) => console.error(`La tarea programada ${job} falló:`, error),
  })

  const shownHost = env.host === '0.0.0.0' || env.host === '127.0.0.1' ? 'localhost' : env.host
  console.info(
    `Tery escucha en http://${shownHost}:${env.port} (${database.driver}${dev ? ', dev' : ''})`,
  )
  if (env.seed === 'demo') {
    for (const login of await demoLogins(db)) {
      console.info(`Demo: ${login.email} / ${login.password} (código ${login.code}, ${login.note})`)
    }
  }

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    console.info(`${signal}: cerrando Tery…`)
    stopJobs()
    await live.stop()
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await closeVite()
    await database.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError || error instanceof EnvError) {
    console.error(error.message)
  } else {
    console.error('Tery no pudo iniciar:', error)
  }
  process.exit(1)
})

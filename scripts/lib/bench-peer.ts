/**
 * The peer `npm run bench` measures pages against: scripts/lib/bench-peer/ built by Vite (the
 * app's React plugin, a production build) into `<out dir>` and served by Hono on Node, compressed,
 * as any route of the app is, in a process of its own. Each page's row is read beside this one's,
 * measured in the same run, so a figure says what the app costs beyond its stack on this machine.
 *
 * Usage: `tsx scripts/lib/bench-peer.ts <port> <out dir>`; prints "ready" when it listens.
 */
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import react from '@vitejs/plugin-react'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { build } from 'vite'

const [port, outDir] = process.argv.slice(2)
if (!port || !outDir) throw new Error('usage: bench-peer.ts <port> <out dir>')

await build({
  root: fileURLToPath(new URL('./bench-peer', import.meta.url)),
  configFile: false,
  plugins: [react()],
  logLevel: 'warn',
  build: { outDir, emptyOutDir: true },
})

// serveStatic resolves its paths from the working directory.
const served = relative(process.cwd(), outDir)
const app = new Hono()
app.use(compress())
app.use('/assets/*', serveStatic({ root: served }))
app.get('*', serveStatic({ path: `${served}/index.html` }))
serve({ fetch: app.fetch, port: Number(port), hostname: '127.0.0.1' }, () => console.info('ready'))

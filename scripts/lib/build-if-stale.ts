/**
 * What `npm start` does before it serves: build the SPA (`vite build`, which also prerenders and
 * precompresses) only when dist/ is missing or older than something it is built from, so a restart
 * with nothing changed serves at once instead of spending seconds rebuilding the same files.
 *
 * Built from: src/, machines/, contract/, public/, index.html, vite.config.ts, the build's own
 * plugins (scripts/lib/), and the installed packages (package-lock.json and npm's record of
 * node_modules). VITE_API_BASE is read at build time: after changing it, run `npm run build`.
 */
import { spawn } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SHELL_FILE } from '../../contract/built-site'

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)))

const sources = [
  'src',
  'machines',
  'contract',
  'public',
  'scripts/lib',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'node_modules/.package-lock.json',
]

/** The newest modification time under a file or folder (0 when it does not exist). */
function newestMtime(path: string): number {
  let stats
  try {
    stats = statSync(path)
  } catch {
    return 0
  }
  if (!stats.isDirectory()) return stats.mtimeMs
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    stats.mtimeMs,
  )
}

/** When the last complete build wrote its pages, or 0 when dist/ holds no complete build. */
function builtAt(distDir: string): number {
  try {
    statSync(join(distDir, SHELL_FILE))
    return statSync(join(distDir, 'index.html')).mtimeMs
  } catch {
    return 0
  }
}

/** Builds the SPA into `distDir` when it is missing or stale; resolves when it is up to date. */
export async function buildIfStale(distDir: string): Promise<void> {
  const built = builtAt(distDir)
  if (built > Math.max(...sources.map((source) => newestMtime(join(root, source))))) return
  console.info(built === 0 ? 'Construyendo la app…' : 'Hay cambios: reconstruyendo la app…')
  const status = await new Promise<number | null>((done, fail) => {
    const build = spawn(
      join(root, 'node_modules', '.bin', 'vite'),
      ['build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'],
      { cwd: root, stdio: 'inherit' },
    )
    build.once('error', fail)
    build.once('exit', done)
  })
  if (status !== 0) throw new Error(`vite build terminó con el código ${status}`)
}

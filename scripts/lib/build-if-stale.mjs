// @ts-check
/**
 * What `npm start` does before it serves (scripts/start.mjs): build the SPA (`vite build`, which
 * also prerenders and precompresses) only when dist/ is missing or older than something it is
 * built from, so a restart with nothing changed serves at once instead of spending seconds
 * rebuilding the same files. The server itself only serves dist/; building it is the launcher's.
 *
 * Built from: src/, machines/, contract/, public/, index.html, vite.config.ts, the build's own
 * plugins (scripts/lib/), and the installed packages (package-lock.json and npm's record of
 * node_modules). VITE_API_BASE is read at build time: after changing it, run `npm run build`.
 *
 * This file is plain JavaScript because it runs before anything can compile TypeScript.
 */
import { spawn } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)))

/**
 * The page a complete build writes last (contract/built-site.ts's SHELL_FILE, which this file
 * cannot import: it is TypeScript).
 */
const SHELL_FILE = 'shell.html'

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

/**
 * The newest modification time under a file or folder (0 when it does not exist).
 * @param {string} path
 * @returns {number}
 */
function newestMtime(path) {
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

/**
 * When the last complete build wrote its pages, or 0 when dist/ holds no complete build.
 * @param {string} distDir
 */
function builtAt(distDir) {
  try {
    statSync(join(distDir, SHELL_FILE))
    return statSync(join(distDir, 'index.html')).mtimeMs
  } catch {
    return 0
  }
}

/**
 * Builds the SPA into `distDir` when it is missing or stale; resolves when it is up to date.
 * @param {string} distDir
 * @returns {Promise<void>}
 */
export async function buildIfStale(distDir) {
  const built = builtAt(distDir)
  if (built > Math.max(...sources.map((source) => newestMtime(join(root, source))))) return
  console.info(built === 0 ? 'Construyendo la app…' : 'Hay cambios: reconstruyendo la app…')
  /** @type {number | null} */
  const status = await new Promise((done, fail) => {
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

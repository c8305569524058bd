// @ts-check
/**
 * The server as one prebuilt JavaScript file, for `npm start` (scripts/start.mjs).
 *
 * Running server/index.ts through tsx costs every start about 1.7 s of loading and compiling some
 * two hundred TypeScript modules; the same server bundled by esbuild loads in a tenth of that
 * (decision 016). The bundle is rebuilt, in about half a second, only when a file it was built
 * from is newer than it or gone, or when the installed packages changed. The packages are
 * bundled too, but for PGlite (see EXTERNAL_PACKAGES).
 *
 * This file is plain JavaScript because it runs before anything can compile TypeScript.
 */
import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export const root = resolve(fileURLToPath(new URL('../..', import.meta.url)))
/**
 * One folder per checkout: git worktrees share node_modules through a link, and with one folder
 * between them each start of one worktree rebuilt the bundle another had just built.
 */
const DEFAULT_CACHE_DIR = join(
  root,
  'node_modules',
  '.cache',
  'tery-server',
  createHash('sha256').update(root).digest('hex').slice(0, 16),
)

/** Besides the bundle's own sources: the installed packages it imports. */
const PACKAGE_RECORDS = ['package-lock.json', 'node_modules/.package-lock.json']

/** @param {string} path @returns {Promise<number>} its modification time, or Infinity when gone */
async function modifiedAt(path) {
  try {
    return (await stat(path)).mtimeMs
  } catch {
    return Number.POSITIVE_INFINITY
  }
}

/**
 * Whether the bundle in `cacheDir` exists, was built from this checkout and is newer than every
 * file it was built from. A bundle names its sources by absolute URL (see keepModuleUrls), so one
 * built by another checkout sharing node_modules (a git worktree with a symlink to it) would run
 * that checkout's migrations, or fail once it is removed.
 * @param {string} cacheDir
 */
export async function isBundleFresh(cacheDir) {
  const builtAt = await modifiedAt(join(cacheDir, 'index.mjs'))
  if (builtAt === Number.POSITIVE_INFINITY) return false
  /** @type {{ root?: string, inputs?: string[] }} */
  let built
  try {
    built = JSON.parse(await readFile(join(cacheDir, 'inputs.json'), 'utf8'))
  } catch {
    return false
  }
  const { inputs } = built
  if (built.root !== root || !Array.isArray(inputs)) return false
  const times = await Promise.all(
    [...inputs, ...PACKAGE_RECORDS].map((input) => modifiedAt(resolve(root, input))),
  )
  return times.every((time) => time < builtAt)
}

/**
 * The packages the bundle imports from node_modules rather than contain: PGlite finds its
 * WebAssembly and data files beside its own modules, and Vite is only loaded by `npm run dev`.
 * Every other package is bundled: node resolving and compiling drizzle's, Hono's and valibot's
 * hundreds of small modules was about a third of a warm start before the database opened.
 */
const EXTERNAL_PACKAGES = ['@electric-sql/pglite', '@electric-sql/pglite/*', 'vite']

/**
 * esbuild puts every module in one file, so `import.meta.url` would name the bundle instead of
 * the module: each source keeps its own URL, and paths built from it (the migrations folder, the
 * project root) resolve as they do under tsx.
 * @type {import('esbuild').Plugin}
 */
const keepModuleUrls = {
  name: 'keep-module-urls',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async ({ path }) => ({
      contents: (await readFile(path, 'utf8')).replaceAll(
        'import.meta.url',
        JSON.stringify(pathToFileURL(path).href),
      ),
      loader: 'ts',
    }))
  },
}

/**
 * Bundles server/index.ts into `cacheDir`. Two servers starting together may both build: each
 * writes beside the target and renames, so neither ever loads a half-written file.
 * @param {string} cacheDir
 */
export async function buildBundle(cacheDir) {
  const { build } = await import('esbuild')
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['server/index.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL_PACKAGES,
    plugins: [keepModuleUrls],
    metafile: true,
    write: false,
    logLevel: 'warning',
  })
  const [output] = result.outputFiles
  if (!output) throw new Error('esbuild no produjo el servidor')
  await mkdir(cacheDir, { recursive: true })
  const unique = `${process.pid}-${Date.now()}`
  const inputsFile = join(cacheDir, `inputs.json.${unique}`)
  const bundleFile = join(cacheDir, `index.mjs.${unique}`)
  // The bundled packages' files are left out: package-lock.json stands for them (PACKAGE_RECORDS).
  const inputs = Object.keys(result.metafile.inputs).filter(
    (input) => !input.split('/').includes('node_modules'),
  )
  await writeFile(inputsFile, JSON.stringify({ root, inputs }))
  await writeFile(bundleFile, output.contents)
  await rename(inputsFile, join(cacheDir, 'inputs.json'))
  await rename(bundleFile, join(cacheDir, 'index.mjs'))
}

/**
 * The path of an up-to-date server bundle, built first when needed.
 * @param {string} [cacheDir]
 */
export async function serverBundle(cacheDir = DEFAULT_CACHE_DIR) {
  if (!(await isBundleFresh(cacheDir))) {
    console.info('Preparando el servidor…')
    await buildBundle(cacheDir)
  }
  return join(cacheDir, 'index.mjs')
}

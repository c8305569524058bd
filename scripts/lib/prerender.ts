import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import { createServer, type Plugin } from 'vite'
import {
  COMPRESSIBLE,
  framedFile,
  PRECOMPRESSED,
  prerenderedFile,
  OFFLINE_FILE,
  SHELL_FILE,
  type Encoding,
} from '../../contract/built-site.ts'
import {
  DEFERRED_CHUNKS_ID,
  HYDRATION_DATA_ID,
  PLAYER_FRAME_ATTRIBUTE,
  ROUTE_CHUNKS_ID,
  type RouteChunks,
} from '../../src/app/hydration-data.ts'

/** The app's module: loaded by src/boot.ts after the first paint. */
const APP_SOURCE = 'src/main.tsx'

/**
 * What a signed-in player's first render loads besides the app: the app-wide calls (the session
 * check, src/app/actors.ts) and the player's inbox (the layout's lazy welcome messages). The server
 * answers a player's framed page or the shell to a browser with a session cookie, so they list
 * them; a visitor's prerendered page checks the session only after hydration and shows no inbox.
 */
const PLAYER_SOURCES = ['src/app/app-api.ts', 'src/app/layout/player-inbox.tsx']

/** What src/prerender.tsx exports (loaded through Vite, so it is typed here by hand). */
type RenderedPage = { html: string; hydrationData: unknown; sources: string[] }
type PrerenderModule = {
  prerenderedPaths: readonly string[]
  prerender: (path: string) => Promise<RenderedPage>
  framedPaths: readonly string[]
  prerenderFrame: (path: string) => Promise<RenderedPage>
  renderShell: () => string
  renderOffline: () => string
  shellRoutes: () => { path: string; sources: string[] }[]
}

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

const compressors: Record<Encoding, (content: Buffer) => Promise<Buffer>> = {
  br: (content) =>
    brotli(content, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  gzip: (content) => gzipAsync(content, { level: zlib.Z_BEST_COMPRESSION }),
}

/** JSON that is safe inside a <script> element: no "</script>", no "<!--". */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/** Every file under a folder, as paths relative to it. */
async function filesUnder(folder: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(folder, prefix), { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) => {
      const relative = path.join(prefix, entry.name)
      return entry.isDirectory() ? filesUnder(folder, relative) : Promise.resolve([relative])
    }),
  )
  return nested.flat()
}

/**
 * Writes `<file>.br` and `<file>.gz` next to every text file of the build, at the highest levels,
 * so the server sends compressed bytes without compressing anything on a request.
 */
export async function precompress(outDir: string): Promise<void> {
  const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file))
  await Promise.all(
    files.map(async (relative) => {
      const file = path.join(outDir, relative)
      const content = await readFile(file)
      await Promise.all(
        PRECOMPRESSED.map(async ({ encoding, suffix }) =>
          writeFile(`${file}${suffix}`, await compressors[encoding](content)),
        ),
      )
    }),
  )
}

/**
 * The public routes as real HTML, and every text file precompressed, at the end of `vite build`.
 *
 * Each route of `prerenderedPaths` is rendered by src/prerender.tsx (through a Vite server in
 * middleware mode, so the app's modules load exactly as in the bundle's sources) into the built
 * index.html: its markup inside #root, its title, the JSON the browser router hydrates from, and
 * the list of chunks it hydrates with (the app's, its layout's and its page's), which src/boot.ts
 * preloads together after the first paint instead of discovering them one import after another,
 * and the page's own stylesheets. Each route of `framedPaths` is rendered the same way as a
 * signed-in player's first paint, into `<route>/player.html`. Every other route gets the shell
 * (`shell.html`), which lists the app's chunks and each page's; src/boot.ts preloads the app's and
 * the opened page's after the shell's first paint.
 */
export function prerenderPublicRoutes(): Plugin {
  /** Chunk file by source (relative to the root), and each chunk's static imports. */
  const chunkOfSource = new Map<string, string>()
  const importsOfChunk = new Map<string, string[]>()
  /** The stylesheets each chunk's modules import (Vite loads them with the chunk). */
  const stylesOfChunk = new Map<string, string[]>()
  let root = process.cwd()
  let outDir = 'dist'

  return {
    name: 'tery:prerender-public-routes',
    apply: 'build',
    configResolved(config) {
      root = config.root
      outDir = path.resolve(config.root, config.build.outDir)
    },
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        importsOfChunk.set(output.fileName, output.imports)
        stylesOfChunk.set(output.fileName, [...(output.viteMetadata?.importedCss ?? [])])
        if (output.facadeModuleId) {
          chunkOfSource.set(path.relative(root, output.facadeModuleId), output.fileName)
        }
      }
    },
    async closeBundle() {
      const templatePath = path.join(outDir, 'index.html')
      const template = await readFile(templatePath, 'utf8')
      const linkedStyles = new Set(
        [...template.matchAll(/href="\/([^"]+\.css)"/g)].map((match) => match[1]),
      )
      const alreadyLoaded = new Set(
        [...template.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1]),
      )

      /** The chunks a route's sources need and the template does not load yet, deepest first. */
      const chunksOf = (sources: readonly string[]): string[] => {
        const found = new Set<string>()
        const visit = (file: string) => {
          if (found.has(file) || alreadyLoaded.has(file)) return
          found.add(file)
          for (const imported of importsOfChunk.get(file) ?? []) visit(imported)
        }
        for (const source of sources) {
          const chunk = chunkOfSource.get(source)
          if (!chunk) throw new Error(`prerender: no chunk was built for ${source}`)
          visit(chunk)
        }
        return [...found]
      }

      const fill = (markup: string, head: string) => {
        if (!template.includes('<div id="root"></div>')) {
          throw new Error('prerender: index.html has no empty <div id="root"></div>')
        }
        return template
          .replace('<div id="root"></div>', `<div id="root">${markup}</div>`)
          .replace('</head>', `${head}</head>`)
      }

      const server = await createServer({
        root,
        configFile: path.join(root, 'vite.config.ts'),
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, watch: null },
        optimizeDeps: { noDiscovery: true, include: [] },
        // dayjs's ES build imports its files without extensions, which Node's loader refuses:
        // Vite bundles it into the prerender's modules instead of leaving it to Node.
        ssr: { noExternal: ['dayjs'] },
      })
      try {
        const app = (await server.ssrLoadModule('/src/prerender.tsx')) as PrerenderModule
        const appChunks = (sources: readonly string[]) =>
          chunksOf([APP_SOURCE, ...sources]).map((file) => `/${file}`)
        // A page of the shell also gets its stylesheets early: Vite resolves a lazy route only
        // once they have loaded, so discovering them then would add a round trip.
        const withStyles = (chunks: readonly string[]) => [
          ...chunks,
          ...new Set(
            chunks
              .flatMap((href) => stylesOfChunk.get(href.slice(1)) ?? [])
              .filter((file) => !linkedStyles.has(file))
              .map((file) => `/${file}`),
          ),
        ]
        // What every page needs (the app, its calls, the layout) is listed once; the rest per page.
        const pages = app.shellRoutes().map(({ path: route, sources }) => ({
          route,
          chunks: withStyles(appChunks([...PLAYER_SOURCES, ...sources])),
        }))
        const shellChunks = (pages[0]?.chunks ?? withStyles(appChunks(PLAYER_SOURCES))).filter(
          (href) => pages.every(({ chunks }) => chunks.includes(href)),
        )
        const routeChunks: RouteChunks = pages.map(({ route, chunks }) => [
          route,
          chunks.filter((href) => !shellChunks.includes(href)),
        ])
        const shellHead =
          `<script type="application/json" id="${DEFERRED_CHUNKS_ID}">${scriptJson(shellChunks)}</script>` +
          `<script type="application/json" id="${ROUTE_CHUNKS_ID}">${scriptJson(routeChunks)}</script>`
        await writeFile(path.join(outDir, SHELL_FILE), fill(app.renderShell(), shellHead))
        // The offline screen needs none of the app's code: it would only fail to load its calls.
        const offline = liftTitle(app.renderOffline())
        const offlinePage = fill(offline.markup, '<script src="/offline.js" defer></script>')
          .replace(/<script type="module"[^>]*><\/script>/g, '')
          .replace(/<link rel="modulepreload"[^>]*>/g, '')
          .replace(/<title>[^<]*<\/title>/, offline.title)
        await writeFile(path.join(outDir, OFFLINE_FILE), offlinePage)
        const writePage = async (
          file: string,
          page: RenderedPage,
          chunks: string[],
          audience: 'visitor' | 'player',
        ) => {
          const { markup, title } = liftTitle(page.html)
          // The browser tells a player's frame from a visitor's page of the same route by it.
          const frameMark = audience === 'player' ? ` ${PLAYER_FRAME_ATTRIBUTE}` : ''
          // The stylesheets of the page's own code: its first paint is drawn with them.
          const styles = withStyles(appChunks(page.sources)).filter((href) => href.endsWith('.css'))
          const head =
            styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('') +
            `<script type="application/json" id="${HYDRATION_DATA_ID}"${frameMark}>${scriptJson(page.hydrationData)}</script>` +
            `<script type="application/json" id="${DEFERRED_CHUNKS_ID}">${scriptJson(chunks)}</script>`
          const html = fill(markup, head).replace(/<title>[^<]*<\/title>/, title)
          await mkdir(path.dirname(path.join(outDir, file)), { recursive: true })
          await writeFile(path.join(outDir, file), html)
        }
        for (const routePath of app.prerenderedPaths) {
          const page = await app.prerender(routePath)
          await writePage(prerenderedFile(routePath), page, appChunks(page.sources), 'visitor')
        }
        for (const routePath of app.framedPaths) {
          const page = await app.prerenderFrame(routePath)
          await writePage(
            framedFile(routePath),
            page,
            appChunks([...PLAYER_SOURCES, ...page.sources]),
            'player',
          )
        }
      } finally {
        await server.close()
      }
      await precompress(outDir)
    },
  }
}

/**
 * React renders the layout's <title> where the component stands; in the page it belongs in
 * <head>, where React 19 looks for it when it hydrates.
 */
function liftTitle(html: string): { markup: string; title: string } {
  const title = /<title>[^<]*<\/title>/.exec(html)?.[0]
  if (!title) throw new Error('prerender: the page rendered no <title>')
  return { markup: html.replace(title, ''), title }
}

/**
 * `npm run bench`: the bundle budget, first version.
 *
 * Builds the SPA (`vite build`), then measures what a phone downloads before '/' can run: the
 * entry chunk and every chunk index.html modulepreloads (the critical path), and each lazy chunk
 * on its own. Sizes are gzip at level 9; 1 KB = 1024 bytes. Budgets: 125 KB on the critical path,
 * 30 KB per lazy chunk. It also checks that index.html paints a static Spanish shell inside #root
 * before any JavaScript runs. Anything over budget or a missing shell exits 1.
 *
 * `--no-build` measures the dist/ that is already there (after `npm run build`).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const root = resolve(fileURLToPath(new URL('..', import.meta.url)))
const dist = join(root, 'dist')
const KB = 1024
const criticalPathBudget = 125 * KB
const lazyChunkBudget = 30 * KB

/** Words and letters no English-only text carries: proof that the shell speaks Spanish. */
const spanishMarker =
  /[áéíóúñ¿¡]|\b(el|la|los|las|del|de|y|tu|tus|con|para|cargando|iniciar|sesión|inicio|juego)\b/i

interface Row {
  file: string
  raw: number
  gzip: number
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`
const percent = (bytes: number, budget: number) => `${((bytes / budget) * 100).toFixed(0)}%`

function measure(relative: string): Row {
  const content = readFileSync(join(dist, relative))
  return { file: relative, raw: content.length, gzip: gzipSync(content, { level: 9 }).length }
}

function table(title: string, rows: Row[], budget: number | null, total = false): string {
  const sum = (key: 'raw' | 'gzip') => rows.reduce((all, row) => all + row[key], 0)
  const all = total ? [...rows, { file: 'total', raw: sum('raw'), gzip: sum('gzip') }] : rows
  const width = Math.max(title.length, ...all.map((row) => row.file.length)) + 2
  const line = (file: string, raw: string, gzip: string, share: string) =>
    `${file.padEnd(width)}${raw.padStart(10)}${gzip.padStart(10)}${budget ? share.padStart(11) : ''}`
  const head = line(title, 'raw', 'gzip', 'of budget')
  const body = all.map((row) =>
    line(row.file, kb(row.raw), kb(row.gzip), budget ? percent(row.gzip, budget) : ''),
  )
  if (total) body.splice(rows.length, 0, '-'.repeat(head.length))
  return [head, '-'.repeat(head.length), ...body].join('\n')
}

/** The value of one attribute in a tag's source text. */
const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1] ?? null

/** Every start tag of this name whose attributes satisfy the test, as source text. */
const tags = (html: string, name: string, test: (tag: string) => boolean) =>
  [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'gi'))].map((match) => match[0]).filter(test)

/** The inner HTML of <div id="root">: Vite's index.html is regular enough to balance divs. */
function rootInnerHtml(html: string): string | null {
  const open = /<div\b[^>]*\sid\s*=\s*["']root["'][^>]*>/i.exec(html)
  if (!open) return null
  const start = open.index + open[0].length
  const divs = /<(\/?)div\b[^>]*>/gi
  divs.lastIndex = start
  let depth = 1
  for (let match = divs.exec(html); match; match = divs.exec(html)) {
    depth += match[1] ? -1 : 1
    if (depth === 0) return html.slice(start, match.index)
  }
  return null
}

/** Text that paints with JavaScript on: no tags, comments, scripts, styles or noscript. */
const visibleText = (html: string) =>
  html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|noscript)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()

/** "/assets/index-abc.js" -> "assets/index-abc.js": the file under dist/. */
const distPath = (url: string) => url.replace(/^\.?\//, '')

function main(): number {
  if (!process.argv.includes('--no-build')) {
    console.info('[bench] vite build')
    const started = Date.now()
    const build = spawnSync(
      join(root, 'node_modules', '.bin', 'vite'),
      ['build', '--logLevel', 'warn'],
      {
        cwd: root,
        stdio: 'inherit',
      },
    )
    if (build.status !== 0) return build.status ?? 1
    console.info(`[bench] built in ${((Date.now() - started) / 1000).toFixed(1)} s\n`)
  }
  const indexPath = join(dist, 'index.html')
  if (!existsSync(indexPath)) {
    console.error(
      '[bench] dist/index.html is missing: run without --no-build or `npm run build` first.',
    )
    return 1
  }

  const failures: string[] = []
  const html = readFileSync(indexPath, 'utf8')

  const entryTag = tags(html, 'script', (tag) => attribute(tag, 'type') === 'module')
    .filter((tag) => attribute(tag, 'src'))
    .at(0)
  const entry = entryTag ? attribute(entryTag, 'src') : null
  if (!entry) {
    console.error('[bench] dist/index.html has no module entry script.')
    return 1
  }
  const preloads = tags(html, 'link', (tag) => attribute(tag, 'rel') === 'modulepreload').map(
    (tag) => attribute(tag, 'href') ?? '',
  )
  const critical = [entry, ...preloads].map(distPath).map(measure)
  const criticalGzip = critical.reduce((sum, row) => sum + row.gzip, 0)

  const criticalFiles = new Set(critical.map((row) => row.file))
  const lazy = readdirSync(join(dist, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => `assets/${name}`)
    .filter((file) => !criticalFiles.has(file))
    .sort()
    .map(measure)
  const styles = tags(html, 'link', (tag) => attribute(tag, 'rel') === 'stylesheet').map((tag) =>
    measure(distPath(attribute(tag, 'href') ?? '')),
  )

  console.info('gzip level 9; 1 KB = 1024 bytes\n')
  console.info(
    table(
      `critical path of / (budget ${kb(criticalPathBudget)})`,
      critical,
      criticalPathBudget,
      true,
    ),
  )
  console.info('')
  if (criticalGzip > criticalPathBudget) {
    failures.push(
      `critical path ${kb(criticalGzip)} gzip is over its ${kb(criticalPathBudget)} budget`,
    )
  }

  console.info(table(`lazy chunks (budget ${kb(lazyChunkBudget)} each)`, lazy, lazyChunkBudget))
  for (const row of lazy.filter((row) => row.gzip > lazyChunkBudget)) {
    failures.push(
      `${row.file} ${kb(row.gzip)} gzip is over the ${kb(lazyChunkBudget)} per-chunk budget`,
    )
  }
  if (styles.length > 0)
    console.info(`\n${table('render-blocking CSS (no budget yet)', styles, null)}`)

  // The shell: what the player sees before any JavaScript has run.
  const htmlTag = tags(html, 'html', () => true).at(0)
  const lang = htmlTag ? attribute(htmlTag, 'lang') : null
  const shellText = visibleText(rootInnerHtml(html) ?? '')
  console.info(`\nstatic shell in #root: ${shellText ? `"${shellText.slice(0, 100)}"` : '(empty)'}`)
  if (lang !== 'es-CO') failures.push(`<html lang> is "${lang ?? ''}", not "es-CO"`)
  if (!shellText)
    failures.push('#root in index.html is empty: no static shell paints before JavaScript')
  else if (!spanishMarker.test(shellText))
    failures.push('the static shell in #root has no Spanish text')

  if (failures.length > 0) {
    console.error(`\n[bench] FAILED:\n${failures.map((failure) => `  - ${failure}`).join('\n')}`)
    return 1
  }
  console.info(
    `\n[bench] within budget: critical path ${percent(criticalGzip, criticalPathBudget)}, largest lazy chunk ${
      lazy.length > 0 ? percent(Math.max(...lazy.map((row) => row.gzip)), lazyChunkBudget) : 'none'
    }; static Spanish shell present.`,
  )
  return 0
}

process.exitCode = main()

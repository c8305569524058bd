/**
 * How the diagrams look where reviewers read them, measured in Chromium. Run by hand after a
 * change to the diagrams: `npm test` does not, since Mermaid is not a dependency (docs/testing.md
 * says why).
 *
 *   npx tsx scripts/diagram-check.ts markdown --mermaid <mermaid.min.js> [docs/machines]
 *   npx tsx scripts/diagram-check.ts atlas [docs/atlas/index.html] [--size 390x844]
 *
 * markdown: every ```mermaid block of the pages, drawn by the Mermaid given (its
 * dist/mermaid.min.js, e.g. after `npm install --prefix /tmp/mermaid mermaid@11`) at its own size
 * as the pages ask: its width, the labels drawn over one another and the states drawn outside
 * the composite that holds them; then how many are wider than the docs' 880 px.
 * atlas (`npm run docs -- --atlas` first): at the window's size, each diagram as shown there (the
 * narrow layout where a phone gets it), its text size, and whether it scrolls sideways.
 * Exits 1 on a Markdown diagram past 880 px, with overlapping labels or a state outside its box.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { chromium, type Page } from 'playwright-core'
import { chromiumFlags, chromiumPath } from './lib/bench-browser'

const docsWidth = 880

/** tsx keeps the names of the functions passed to the page with a helper the page lacks. */
const keepNames = 'globalThis.__name = (fn) => fn'

/** Mermaid's global, as its browser bundle sets it. */
type Mermaid = {
  initialize: (config: { startOnLoad: boolean }) => void
  render: (id: string, code: string) => Promise<{ svg: string }>
}

async function markdown(page: Page, dir: string, mermaidFile: string): Promise<boolean> {
  const blocks = readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .flatMap((file) =>
      readFileSync(path.join(dir, file), 'utf8')
        .split(/^```mermaid\n/m)
        .slice(1)
        .map((chunk, index) => ({
          name: `${file.replace(/\.md$/, '')} #${index}`,
          code: chunk.slice(0, chunk.indexOf('\n```')),
        })),
    )
  // Wide enough for any diagram to be drawn at its own size.
  await page.setViewportSize({ width: 1600, height: 900 })
  await page.setContent('<!doctype html><body style="margin:0"><div id="out"></div></body>')
  await page.evaluate(keepNames)
  await page.addScriptTag({ path: mermaidFile })
  await page.evaluate(() => {
    ;(window as unknown as { mermaid: Mermaid }).mermaid.initialize({ startOnLoad: false })
  })
  let failing = 0
  for (const [index, { name, code }] of blocks.entries()) {
    const drawn = await page.evaluate(
      async ({ code, index }) => {
        const { mermaid } = window as unknown as { mermaid: Mermaid }
        const out = document.getElementById('out') as HTMLElement
        out.innerHTML = (await mermaid.render(`d${index}`, code)).svg
        const box = (element: Element) => element.getBoundingClientRect()
        const over = (a: DOMRect, b: DOMRect) =>
          a.left < b.right - 1 &&
          b.left < a.right - 1 &&
          a.top < b.bottom - 1 &&
          b.top < a.bottom - 1
        const labels = [...out.querySelectorAll('g.edgeLabel')]
          .map((label) => ({ text: label.textContent?.trim() ?? '', rect: box(label) }))
          .filter((label) => label.text !== '' && label.rect.width > 0)
        const problems = labels.flatMap((a, at) =>
          labels
            .slice(at + 1)
            .flatMap((b) => (over(a.rect, b.rect) ? [`"${a.text}" over "${b.text}"`] : [])),
        )
        // A state's id is its path (s_a__b), its composite's s_a: drawn as a cluster.
        const clusters = [...out.querySelectorAll('g.cluster, g.statediagram-cluster')]
        for (const node of out.querySelectorAll('g.node')) {
          const id = /state-(s_\w+?)-\d+$/.exec(node.id)?.[1]
          const parent = id?.split('__').slice(0, -1).join('__')
          const cluster = clusters.find((candidate) => candidate.id.includes(`state-${parent}-`))
          const [inner, outer] = [box(node), cluster && box(cluster)]
          if (!id || !parent || !outer) continue
          const outside =
            inner.left < outer.left - 1 ||
            inner.right > outer.right + 1 ||
            inner.top < outer.top - 1 ||
            inner.bottom > outer.bottom + 1
          if (outside) problems.push(`${id} outside ${parent}`)
        }
        return { width: Math.round(box(out.querySelector('svg') as Element).width), problems }
      },
      { code, index },
    )
    const wide = drawn.width > docsWidth
    if (wide || drawn.problems.length > 0) failing++
    console.info(`${String(drawn.width).padStart(5)}  ${name}  ${drawn.problems.join('; ')}`)
  }
  console.info(
    `${failing} of ${blocks.length} diagrams wider than ${docsWidth} px, with overlapping labels or with a state outside its box`,
  )
  return failing === 0
}

async function atlas(page: Page, file: string): Promise<void> {
  await page.goto(pathToFileURL(file).href)
  await page.evaluate(keepNames)
  const machines = await page
    .locator('.diagram-frame')
    .evaluateAll((frames) => frames.map((frame) => (frame as HTMLElement).dataset.machine ?? ''))
  let scrolling = 0
  let total = 0
  for (const machine of machines) {
    await page.evaluate((id) => {
      location.hash = id
    }, machine)
    await page.waitForTimeout(50)
    const views = await page.evaluate((id) => {
      const frame = document.querySelector(`.diagram-frame[data-machine="${id}"]`)
      const container = document.getElementById('diagrams') as HTMLElement
      const edge =
        container.getBoundingClientRect().left + container.clientLeft + container.clientWidth
      return [...(frame?.querySelectorAll<SVGSVGElement>('svg.diagram') ?? [])]
        .filter((svg) => svg.getClientRects().length > 0)
        .map((svg) => {
          const { width, right } = svg.getBoundingClientRect()
          return {
            name: svg.closest('.diagram-view')?.querySelector('h3')?.textContent ?? 'whole',
            narrow: svg.classList.contains('narrow'),
            text: (12 * width) / svg.viewBox.baseVal.width,
            scrolls: right > edge + 0.5,
          }
        })
    }, machine)
    for (const view of views) {
      total++
      if (view.scrolls) scrolling++
      console.info(
        `${machine.padEnd(22)} ${view.name.padEnd(34)} text ${view.text.toFixed(1)} px${view.narrow ? ' narrow' : ''}${view.scrolls ? '  SCROLLS' : ''}`,
      )
    }
  }
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 }
  console.info(`${scrolling} of ${total} diagrams scroll sideways at ${width}x${height}`)
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { mermaid: { type: 'string' }, size: { type: 'string', default: '390x844' } },
})
const [mode, target] = positionals
const [width = 390, height = 844] = values.size.split('x').map(Number)
if ((mode !== 'markdown' && mode !== 'atlas') || (mode === 'markdown' && !values.mermaid)) {
  console.error('usage: diagram-check.ts markdown --mermaid <mermaid.min.js> [docs/machines]')
  console.error('       diagram-check.ts atlas [docs/atlas/index.html] [--size 390x844]')
  process.exit(2)
}
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags })
const page = await browser.newPage({ viewport: { width, height } })
let fine = true
if (mode === 'markdown') {
  fine = await markdown(page, target ?? 'docs/machines', path.resolve(values.mermaid ?? ''))
} else await atlas(page, path.resolve(target ?? 'docs/atlas/index.html'))
await browser.close()
process.exit(fine ? 0 : 1)

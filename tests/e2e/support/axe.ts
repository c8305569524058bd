import axe from 'axe-core'
import type { Page } from 'playwright-core'

/**
 * The rules: WCAG 2.0, 2.1 and 2.2 at levels A and AA (what the law and our players' assistive
 * technology expect) plus axe's best practices (one main landmark, content inside landmarks,
 * heading order, one h1, unique landmark names), which catch the mistakes a screen-reader user
 * meets first. Selecting by tag also runs the rules axe still calls experimental, such as
 * label-content-name-mismatch (WCAG 2.5.3: a voice-control user says the visible words). Nothing
 * is switched off: each rule held on every screen once its findings were fixed, so none is noise.
 */
const RUN_ONLY: axe.RunOnly = {
  type: 'tag',
  values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
}

/**
 * axe's violations on the page, one line per rule with the first elements it flags and why. axe
 * is evaluated through the DevTools protocol, not added as a script element, so the page's
 * Content-Security-Policy (no inline scripts) neither blocks it nor reports it.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source)
  return page.evaluate(
    async (options) => {
      const { axe: run } = window as unknown as { axe: typeof axe }
      const result = await run.run(document, options)
      return result.violations.map((violation) => {
        const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 5)
        const why = violation.nodes[0]?.failureSummary?.replace(/\s+/g, ' ') ?? ''
        return `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help} at ${targets.join(', ')}; ${why}`
      })
    },
    { runOnly: RUN_ONLY, resultTypes: ['violations'] } satisfies axe.RunOptions,
  )
}

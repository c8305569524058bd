// @ts-check
/**
 * The bench's layout-shift observer (`npm run bench -- --only=shifts`), run in each page before
 * the page's own scripts through `page.addInitScript({ path })`, exactly as written here. It is
 * not a function passed from scripts/bench.ts: tsx compiles that file with esbuild, which names
 * inner functions through a `__name` helper that exists in Node and not in the page, so the
 * script threw before its observer started and every page measured 0 (issue 27: a reverted
 * header shift of 0.0033 on `/` read 0.000).
 *
 * `window.benchShifts`: each layout shift's value and what moved (`x,y->x,y`). `window.benchShiftsObserved`
 * is true once the observer runs; the bench refuses a page where it is not.
 */
;(() => {
  /** @type {{ value: number; moved: string[] }[]} */
  const shifts = []
  /** @param {Node | null} node */
  const describe = (node) => {
    if (!(node instanceof Element)) return node?.nodeName ?? '?'
    const label = node.getAttribute('aria-labelledby')
    const classes = [...node.classList].map((name) => `.${name}`).join('')
    return `${node.nodeName.toLowerCase()}${node.id ? `#${node.id}` : ''}${classes}${label ? `[aria-labelledby=${label}]` : ''}`
  }
  /** @param {DOMRectReadOnly} rect where a box was (x,y), so a move along either axis shows */
  const at = (rect) => `${Math.round(rect.x)},${Math.round(rect.y)}`
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const shift =
        /** @type {PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] }} */ (
          entry
        )
      if (shift.hadRecentInput) continue
      shifts.push({
        value: shift.value,
        moved: shift.sources.map(
          (source) =>
            `${describe(source.node)} ${at(source.previousRect)}->${at(source.currentRect)}`,
        ),
      })
    }
  }).observe({ type: 'layout-shift', buffered: true })
  Object.assign(window, { benchShifts: shifts, benchShiftsObserved: true })
})()

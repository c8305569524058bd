import type { HydrationState } from 'react-router-dom'

/** The id of the JSON block a prerendered page carries its router state in (scripts/lib/prerender.ts). */
export const HYDRATION_DATA_ID = 'router-hydration'

/**
 * The router state a prerendered page was rendered with, or null on the shell. A JSON block, not a
 * script that runs: the CSP allows no inline scripts, and `type="application/json"` is never run.
 */
export function readHydrationData(): HydrationState | null {
  const block = document.getElementById(HYDRATION_DATA_ID)
  return block?.textContent ? (JSON.parse(block.textContent) as HydrationState) : null
}

/**
 * The id of the JSON block listing the chunks a prerendered page hydrates with (the app's and its
 * routes'), which src/boot.ts preloads once the page has painted.
 */
export const DEFERRED_CHUNKS_ID = 'deferred-chunks'

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
 * The attribute of a player's framed page's router-state block (scripts/lib/prerender.ts): a public
 * page can have both a visitor's page and a player's framed page, drawn with different headers.
 */
export const PLAYER_FRAME_ATTRIBUTE = 'data-player-frame'

/** Whether this page is a player's framed page (decision 018), not a visitor's. */
export function readPlayerFrame(): boolean {
  return document.getElementById(HYDRATION_DATA_ID)?.hasAttribute(PLAYER_FRAME_ATTRIBUTE) ?? false
}

/**
 * The id of the JSON block listing the chunks a page loads with: on a prerendered page all it
 * hydrates with (the app's and its routes'), on the shell what every page needs. src/boot.ts
 * preloads them once the page has painted.
 */
export const DEFERRED_CHUNKS_ID = 'deferred-chunks'

/**
 * The id of the JSON block of the shell that maps each page's path (`/team/:id/level`) to the
 * chunks of its code, which src/boot.ts preloads with the app's for the page the browser opened.
 */
export const ROUTE_CHUNKS_ID = 'route-chunks'

/** Route paths to chunk URLs, as the shell carries them. */
export type RouteChunks = [path: string, chunks: string[]][]

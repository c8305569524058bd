import type { UIMatch } from 'react-router-dom'

/** What a route tells the layout about itself (react-router's `handle`). */
export type RouteHandle = {
  /** Shown in the header and the browser tab. */
  title: string
  /** Route '/' has its own background. */
  background?: 'landing'
  /** The terms and privacy pages: the terms agreement modal steps aside so they can be read. */
  legal?: boolean
  /** A player's page (its guard is isAuth): set from the route table, not by hand. */
  players?: boolean
  /**
   * A public page that shows figures and dates once its calls answer (/lottery's prizes and draw
   * times), as every player's page does: their formats are made ahead (`mountApp`).
   */
  figures?: boolean
}

/** The handle of the deepest matched route that has one. */
export function readHandle(matches: readonly UIMatch[]): RouteHandle {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle
    if (isRouteHandle(handle)) return handle
  }
  return { title: '' }
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return (
    typeof value === 'object' && value !== null && typeof (value as RouteHandle).title === 'string'
  )
}

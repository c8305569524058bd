/**
 * The entry index.html loads. A prerendered page is painted by the HTML alone, so the code that
 * hydrates it (src/main.tsx and the chunks its routes need, listed by the build) is fetched only
 * after that first paint: on a phone's connection it never competes with the HTML and the
 * stylesheet for bandwidth. The shell shows nothing useful without the app, which loads at once
 * (its chunks are modulepreloaded by shell.html) together with the chunks of the page opened.
 */
import { DEFERRED_CHUNKS_ID, ROUTE_CHUNKS_ID, type RouteChunks } from './app/hydration-data'

function loadApp(): void {
  void import('./main')
}

/** Fetches chunks and stylesheets ahead of their use, as the build's links do (prerender.ts). */
function preload(hrefs: readonly string[]): void {
  for (const href of hrefs) {
    const link = document.createElement('link')
    if (href.endsWith('.css')) {
      link.rel = 'preload'
      link.as = 'style'
    } else {
      link.rel = 'modulepreload'
    }
    link.crossOrigin = ''
    link.href = href
    document.head.append(link)
  }
}

/** Whether a route path (`/team/:id/level`) matches the path the browser opened. */
function matches(route: string, pathname: string): boolean {
  const expected = route.split('/')
  const actual = pathname.replace(/\/+$/, '').split('/')
  return (
    expected.length === actual.length &&
    expected.every((part, index) => (part.startsWith(':') ? actual[index] : part === actual[index]))
  )
}

const blockText = (id: string) => document.getElementById(id)?.textContent

const deferred = blockText(DEFERRED_CHUNKS_ID)
if (deferred) {
  // The frame after the first paint.
  requestAnimationFrame(() =>
    setTimeout(() => {
      preload(JSON.parse(deferred) as string[])
      loadApp()
    }),
  )
} else {
  const routes = JSON.parse(blockText(ROUTE_CHUNKS_ID) ?? '[]') as RouteChunks
  preload(routes.find(([route]) => matches(route, window.location.pathname))?.[1] ?? [])
  loadApp()
}

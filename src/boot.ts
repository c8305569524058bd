/**
 * The entry index.html loads. Every page the server sends paints without JavaScript: a
 * prerendered or framed page is the page itself, the shell is the layout's skeleton. So the code
 * (src/main.tsx, the chunks every page needs and those of the page the browser opened, all listed
 * by the build) is fetched only after that first paint: on a phone's connection it never competes
 * with the HTML and the stylesheet for bandwidth, and the first paint does not wait for it.
 */
import { reloadOnChunkError } from './app/chunk-reload'
import { DEFERRED_CHUNKS_ID, ROUTE_CHUNKS_ID, type RouteChunks } from './app/hydration-data'

/** How many preload links are added per task (see `preload`). */
const LINKS_PER_TASK = 2

// A timer, not src/shared/next-task.ts: `scheduler.yield` would run the boot's next step ahead of
// the tasks already waiting, and loading code can wait for them.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve))

/**
 * Fetches chunks and stylesheets ahead of their use, in the CORS mode Vite's loader asks for them
 * with, so the browser reuses them when the app imports them. A few links per task: each one
 * starts a fetch, which costs the main thread about 2 ms (9 ms at 4x CPU slowdown): the thirty of
 * a player's page in one task held it for 40 to 50 ms (four times that on a slow phone), six in
 * one 53 ms at 4x, a long task after the first paint.
 */
async function preload(hrefs: readonly string[]): Promise<void> {
  for (let start = 0; start < hrefs.length; start += LINKS_PER_TASK) {
    if (start > 0) await nextTask()
    for (const href of hrefs.slice(start, start + LINKS_PER_TASK)) {
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

/** A JSON block of the page (the build writes them; the CSP never runs them). */
function listed<T>(id: string): T[] {
  const text = document.getElementById(id)?.textContent
  return text ? (JSON.parse(text) as T[]) : []
}

// A prerendered page lists every chunk it hydrates with; the shell lists what every page needs
// and, per page path, the rest.
const chunks = [
  ...listed<string>(DEFERRED_CHUNKS_ID),
  ...(listed<RouteChunks[number]>(ROUTE_CHUNKS_ID).find(([route]) =>
    matches(route, window.location.pathname),
  )?.[1] ?? []),
]

/**
 * Preloads the code, then evaluates it: the libraries one per task, then the app. Evaluated as one
 * graph, in one task, they held the main thread 40 to 67 ms (four times that on a slow phone).
 */
async function loadApp(): Promise<void> {
  await preload(chunks)
  const { libraries } = await import('./app/libraries')
  for (const library of libraries) {
    await nextTask()
    await library()
  }
  await nextTask()
  await import('./main')
}

/**
 * Runs `then` once the page's first contentful paint is on screen. The paint entry comes when the
 * frame has been presented: a frame requested with requestAnimationFrame can still be on its way
 * to the screen while the code starts downloading. A hidden page paints nothing until it is shown,
 * and a browser without paint timing gets the frame after the next one.
 */
function afterFirstPaint(then: () => void): void {
  if (
    document.visibilityState === 'hidden' ||
    !PerformanceObserver.supportedEntryTypes.includes('paint')
  ) {
    requestAnimationFrame(() => setTimeout(then))
    return
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return
    observer.disconnect()
    then()
  })
  observer.observe({ type: 'paint', buffered: true })
}

// Code a deploy has replaced since the page was served: reload once, for the new deploy's (the
// catalogue's "Chunk load failure"). The router does the same for a page's own code.
afterFirstPaint(() =>
  loadApp().catch((error: unknown) => {
    if (!reloadOnChunkError(error)) throw error
  }),
)

/*
 * The service worker (vite-plugin-pwa builds it with Workbox, decision 024). It precaches what the
 * build made (the app's code, its route chunks, the styles, the icons), so a page loads its code
 * without the network and a deploy cannot leave it with a chunk that is gone; it never touches
 * /api. Navigations always go to the server, which chooses the page (prerendered, a player's
 * frame, the shell); when the server cannot be reached, the offline screen answers instead.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing'
import { NetworkOnly } from 'workbox-strategies'

/** The offline screen (written by the build's prerender, before the precache list is made). */
const OFFLINE_PAGE = '/offline.html'

type PrecacheEntry = { url: string; revision: string | null }

declare const self: {
  __WB_MANIFEST: PrecacheEntry[]
  skipWaiting: () => Promise<void>
  addEventListener: (type: 'message', listener: (event: { data: unknown }) => void) => void
}

cleanupOutdatedCaches()
precacheAndRoute(self.__WB_MANIFEST)

registerRoute(new NavigationRoute(new NetworkOnly(), { denylist: [/^\/api(\/|$)/] }))

setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error()
  return Response.error()
})

// The page's "Recargar" (src/app/service-worker.ts): the waiting version takes over now.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})

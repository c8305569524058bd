import { StrictMode, startTransition, useEffect, type ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import {
  createBrowserRouter,
  matchRoutes,
  RouterProvider,
  type RouteObject,
} from 'react-router-dom'
import { mobileMaxWidth } from '../machines/ui/ui.machine'
import { configureHttp } from './api/http'
import { realActors } from './app/actors'
import { AppActorsProvider } from './app/app-context'
import { createAppActors, loadAppData, startAppActors } from './app/app-actors'
import { connectRouter } from './app/connect-router'
import { readHydrationData } from './app/hydration-data'
import { preloadLayoutModals } from './app/layout/lazy-modals'
import { createRoutes } from './app/router'

/**
 * Loads the code of the routes the page was rendered with before the first render, so hydration
 * finds the same components (not the router's fallback) where the server put them. Their chunks
 * are modulepreloaded by the page, so this waits for downloads already under way.
 */
async function resolveLazyRoutes(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      Object.assign(route, await route.lazy(), { lazy: undefined })
    }),
  )
}

const actors = createAppActors(realActors, { reload: () => window.location.assign('/') })

configureHttp({
  onSessionExpired: () => actors.session.send({ type: 'session.expired' }),
  onLoadingChange: (active) =>
    actors.loadingBar.send({ type: active ? 'request.start' : 'request.end' }),
  // History mode: the address bar's path is the router's path.
  currentPath: () => window.location.pathname,
})

// The mobile flag flips at the spec's 992 px; the media query fires only when it crosses.
window
  .matchMedia(`(max-width: ${mobileMaxWidth}px)`)
  .addEventListener('change', () =>
    actors.ui.send({ type: 'viewport.resize', width: window.innerWidth }),
  )

// The spec's idle prefetch (2000 ms): fetch the modals' chunk before the first MÁS press.
window.setTimeout(preloadLayoutModals, 2000)

/**
 * Runs `effect` once the tree is committed. It wraps the router rather than sitting beside it: a
 * sibling would change the ids useId gives the page, which must match the prerendered HTML.
 */
function AfterCommit({ effect, children }: { effect: () => void; children: ReactNode }) {
  useEffect(effect, [effect])
  return children
}

/**
 * Creates the router and renders: a prerendered page is hydrated once its routes' code is there
 * (not with a top-level await, which would keep the chunks it shares with the pages out of the
 * entry), the shell is replaced by a first render.
 */
async function mount(container: HTMLElement): Promise<void> {
  const routes = createRoutes(actors)
  const hydrationData = readHydrationData()
  if (hydrationData) await resolveLazyRoutes(routes)
  const router = createBrowserRouter(routes, hydrationData ? { hydrationData } : {})
  connectRouter(actors, router)
  startAppActors(actors, {
    initialPath: window.location.pathname,
    viewportWidth: window.innerWidth,
    hydrating: hydrationData !== null,
  })

  /**
   * A prerendered page was rendered for a visitor, and its guards' answers came with it. Once it
   * is hydrated (the router listening), the session check and the configuration start, and the
   * guards run again with the real session: a signed-in player goes on to /home, `?path=` opens
   * the login form.
   */
  const afterHydration = () => {
    loadAppData(actors, window.location.pathname)
    void router.revalidate()
  }

  const app = (
    <StrictMode>
      <AppActorsProvider actors={actors}>
        <AfterCommit effect={hydrationData ? afterHydration : () => undefined}>
          <RouterProvider router={router} />
        </AfterCommit>
      </AppActorsProvider>
    </StrictMode>
  )
  if (hydrationData) {
    // A transition: hydration yields to the browser between components instead of one long task.
    startTransition(() => {
      hydrateRoot(container, app)
    })
  } else {
    createRoot(container).render(app)
  }
}

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
void mount(container)

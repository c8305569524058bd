import { StrictMode, startTransition, useEffect, type ReactNode } from 'react'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import {
  createBrowserRouter,
  matchRoutes,
  RouterProvider,
  type HydrationState,
  type RouteObject,
} from 'react-router-dom'
import { AppActorsProvider } from './app-context'
import { loadAppData, startAppActors, type AppActors } from './app-actors'
import { connectRouter } from './connect-router'
import { createRoutes } from './router'

/**
 * Loads the code of the routes the page was rendered with before the first render, so hydration
 * finds the same components (not the router's fallback) where the server put them. Their chunks
 * were preloaded with the app's, so this waits for downloads already under way.
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

/**
 * Runs `effect` once the tree is committed. It wraps the router rather than sitting beside it: a
 * sibling would change the ids useId gives the page, which must match the prerendered HTML.
 */
function AfterCommit({ effect, children }: { effect: () => void; children: ReactNode }) {
  useEffect(effect, [effect])
  return children
}

export type MountedApp = { router: ReturnType<typeof createBrowserRouter>; root: Root }

/**
 * Creates the browser router and renders the app into `container`: a prerendered page (its
 * `hydrationData`) is hydrated once its routes' code is there; the shell is replaced by a first
 * render. The app's actors are started here, and on a prerendered page what they load (the
 * session check, the configuration) starts only after hydration, when the guards run again with
 * the real session: a signed-in player goes on to /home, `?path=` opens the login form.
 */
export async function mountApp(
  container: HTMLElement,
  actors: AppActors,
  hydrationData: HydrationState | null,
): Promise<MountedApp> {
  const routes = createRoutes(actors)
  if (hydrationData) await resolveLazyRoutes(routes)
  const router = createBrowserRouter(routes, hydrationData ? { hydrationData } : {})
  connectRouter(actors, router)
  startAppActors(actors, {
    initialPath: window.location.pathname,
    viewportWidth: window.innerWidth,
    hydrating: hydrationData !== null,
  })

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
  // In a transition, the first render (or hydration) yields to the browser between components
  // instead of running as one long task.
  if (!hydrationData) {
    const root = createRoot(container)
    startTransition(() => root.render(app))
    return { router, root }
  }
  let root: Root | undefined
  startTransition(() => {
    root = hydrateRoot(container, app)
  })
  if (!root) throw new Error('hydrateRoot did not run')
  return { router, root }
}

import { StrictMode, startTransition, useEffect, type ReactNode } from 'react'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import {
  createBrowserRouter,
  matchRoutes,
  RouterProvider,
  type HydrationState,
  type RouteObject,
} from 'react-router-dom'
import { prepareNumberFormat } from '../format/numbers'
import { AppActorsProvider } from './app-context'
import { loadAppData, startAppActors, type AppActors } from './app-actors'
import { connectRouter } from './connect-router'
import { nextTask } from '../shared/next-task'
import { isRouteHandle } from './route-handle'
import { PlayerExpectedContext } from './player-expected'
import { createRoutes } from './router'

/**
 * Loads the code of the routes the page was rendered with before the first render, so hydration
 * finds the same components (not the router's fallback) where the server put them. Their chunks
 * were preloaded with the app's, so this waits for downloads already under way. False when a
 * route's code could not be loaded (a deploy replaced it): there is nothing to hydrate with.
 */
async function resolveLazyRoutes(routes: RouteObject[]): Promise<boolean> {
  const matches = matchRoutes(routes, window.location) ?? []
  const loaded = await Promise.allSettled(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      Object.assign(route, await route.lazy(), { lazy: undefined })
    }),
  )
  return loaded.every((result) => result.status === 'fulfilled')
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
  /** The page is a player's framed page (`readPlayerFrame`), not a visitor's. */
  playerFrame = false,
): Promise<MountedApp> {
  const routes = createRoutes(actors)
  // A page whose code is gone is rendered afresh: the router loads it again and its error page
  // (with the one reload of src/app/chunk-reload.ts) replaces what the build rendered.
  const hydrating = hydrationData !== null && (await resolveLazyRoutes(routes))
  // The page's module was evaluated above (its machines made); the router and the app's actors
  // are made in the next task: in one, they held the main thread 123 ms (4x CPU slowdown).
  await nextTask()
  const router = createBrowserRouter(routes, hydrating ? { hydrationData } : {})
  connectRouter(actors, router)
  startAppActors(actors, {
    initialPath: window.location.pathname,
    viewportWidth: window.innerWidth,
    hydrating,
  })

  // A player's page (and /lottery) shows figures and dates as soon as its calls answer: their
  // formats are made before that, each in a task of its own (`prepareNumberFormat`,
  // `prepareBogotaClock`). Made in the render of /lottery's first draw, they held it 225 ms (4x
  // CPU slowdown).
  const showsFigures = matchRoutes(routes, window.location)?.some(
    ({ route }) =>
      isRouteHandle(route.handle) &&
      (route.handle.players === true || route.handle.figures === true),
  )
  if (showsFigures) {
    setTimeout(prepareNumberFormat)
    // Imported here, the clock's module would join the code every page hydrates with.
    setTimeout(
      () => void import('../../contract/bogota-clock').then((clock) => clock.prepareBogotaClock()),
    )
  }

  // Each in a task of its own after the hydration's commit, which they followed in one of 95 ms
  // (4x CPU slowdown): the session check and the configuration, then the guards and loaders.
  const afterHydration = () => {
    void nextTask()
      .then(() => loadAppData(actors, window.location.pathname))
      .then(nextTask)
      .then(() => router.revalidate())
  }
  const app = (
    <StrictMode>
      <AppActorsProvider actors={actors}>
        <PlayerExpectedContext value={!hydrating || playerFrame}>
          <AfterCommit effect={hydrating ? afterHydration : () => undefined}>
            <RouterProvider router={router} />
          </AfterCommit>
        </PlayerExpectedContext>
      </AppActorsProvider>
    </StrictMode>
  )
  // In a transition, the first render (or hydration) yields to the browser between components
  // instead of running as one long task.
  if (!hydrating) {
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

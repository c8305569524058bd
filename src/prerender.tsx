/**
 * The build's server-side render (run by scripts/lib/prerender.ts inside `vite build`, never in
 * the browser), with the real routes, layout, machines and copy: the public routes as a visitor
 * sees them before anything is known about a session, the framed player's pages as a signed-in
 * player sees them before the session and the page's data are loaded, and the SPA shell for
 * every other route.
 */
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type HydrationState,
  type RouteObject,
} from 'react-router-dom'
import { fromPromise } from 'xstate'
import type { Session } from '../contract/auth'
import { AppActorsProvider } from './app/app-context'
import { createAppActors, startAppActors, type AppActorLogic } from './app/app-actors'
import { AppShell } from './app/app-shell'
import { OfflinePage } from './app/offline-page'
import { PlayerExpectedContext } from './app/player-expected'
import {
  createRoutes,
  framedPaths,
  prerenderedPaths,
  routeSources,
  shellRoutes,
} from './app/router'

export { framedPaths, prerenderedPaths, shellRoutes }

export type PrerenderedPage = {
  /** The markup of #root. */
  html: string
  /** What the browser router needs to hydrate this markup without running the loaders again. */
  hydrationData: HydrationState
  /** Source files of the routes' code (layout and page), for modulepreload links. */
  sources: string[]
}

/** A promise that never settles: the build has no API, and what it would load is not shown yet. */
const never = <T,>() => new Promise<T>(() => undefined)

/**
 * The I/O of the app-wide machines at build time: the session check answers "nobody signed in"
 * (the guards let a visitor through) and the configuration stays loading, exactly as a visitor's
 * browser is at its first render; login, logout and the terms cannot happen without a player.
 */
const visitorLogic: AppActorLogic = {
  session: {
    fetchSession: fromPromise<Session | null, { path?: string }>(async () => null),
    logIn: fromPromise(() => never()),
    logOut: fromPromise(() => never()),
    agreeTerms: fromPromise(() => never()),
  },
  config: { load: fromPromise(() => never()) },
}

/** Renders a public route to HTML as a visitor's first paint. */
export function prerender(path: string): Promise<PrerenderedPage> {
  return renderRoute(path, 'visitor')
}

/**
 * Renders a player's page (`frame` in the route table) to HTML as a signed-in player's first
 * paint: the session not checked yet (the layout shows a player's header with its balances to
 * come) and nothing of the page loaded. Its guard does not run here: it runs in the browser after
 * hydration, with the real session, and sends a visitor away.
 */
export function prerenderFrame(path: string): Promise<PrerenderedPage> {
  return renderRoute(path, 'player')
}

/** Route objects without their loaders (the guards), at every depth. */
function withoutGuards(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => ({
    ...route,
    loader: undefined,
    ...(route.children ? { children: withoutGuards(route.children) } : {}),
  })) as RouteObject[]
}

async function renderRoute(path: string, audience: 'visitor' | 'player'): Promise<PrerenderedPage> {
  const actors = createAppActors(visitorLogic, { reload: () => undefined })
  // A player's page is hydrated before its session is checked (src/app/mount-app.tsx): its
  // first render is the session's before the check.
  startAppActors(actors, {
    initialPath: path,
    viewportWidth: 390,
    hydrating: audience === 'player',
  })
  try {
    const routes = createRoutes(actors)
    const handler = createStaticHandler(audience === 'player' ? withoutGuards(routes) : routes)
    const context = await handler.query(new Request(new URL(path, 'http://prerender.local')))
    if (context instanceof Response) {
      throw new Error(`Prerendering ${path} answered ${context.status}, not a page`)
    }
    // A route that failed (its code did not load) would be written as the error page.
    if (context.errors) {
      throw new Error(`Prerendering ${path} failed: ${JSON.stringify(context.errors)}`)
    }
    const router = createStaticRouter(handler.dataRoutes, context)
    const html = renderToString(
      <StrictMode>
        <AppActorsProvider actors={actors}>
          <PlayerExpectedContext value={audience === 'player'}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </PlayerExpectedContext>
        </AppActorsProvider>
      </StrictMode>,
    )
    const routeIds = context.matches.map((match) => match.route.id)
    return {
      html,
      hydrationData: {
        // A guard's answer is null; on a player's page it is given as such, so the browser router
        // starts from this render and runs the guards again once the session is known.
        loaderData:
          audience === 'player'
            ? Object.fromEntries(routeIds.map((id) => [id, null]))
            : context.loaderData,
        actionData: context.actionData,
        errors: context.errors,
      },
      sources: routeSources(routeIds),
    }
  } finally {
    actors.app.stop()
  }
}

/** The shell of every other route: what the router shows while a guard and a page load. */
export function renderShell(): string {
  return renderToString(<AppShell />)
}

/** The offline screen the service worker answers when a navigation cannot reach the server. */
export function renderOffline(): string {
  return renderToString(<OfflinePage />)
}

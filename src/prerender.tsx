/**
 * The build's server-side render (run by scripts/lib/prerender.ts inside `vite build`, never in
 * the browser): the public routes with the real routes, layout, machines and copy, as a visitor
 * sees them before anything is known about a session, and the SPA shell for every other route.
 */
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type HydrationState,
} from 'react-router-dom'
import { fromPromise } from 'xstate'
import type { Session } from '../contract/auth'
import { AppActorsProvider } from './app/app-context'
import { createAppActors, startAppActors, type AppActorLogic } from './app/app-actors'
import { AppShell } from './app/app-shell'
import { createRoutes, prerenderedPaths, routeSources, shellRoutes } from './app/router'

export { prerenderedPaths, shellRoutes }

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
    fetchSession: fromPromise<Session, { path?: string }>(() =>
      Promise.reject({ status: 401, message: '', network: false }),
    ),
    logIn: fromPromise(() => never()),
    logOut: fromPromise(() => never()),
    agreeTerms: fromPromise(() => never()),
  },
  config: { load: fromPromise(() => never()) },
}

/** Renders a public route to HTML as a visitor's first paint. */
export async function prerender(path: string): Promise<PrerenderedPage> {
  const actors = createAppActors(visitorLogic, { reload: () => undefined })
  startAppActors(actors, { initialPath: path, viewportWidth: 390 })
  try {
    const handler = createStaticHandler(createRoutes(actors))
    const context = await handler.query(new Request(new URL(path, 'http://prerender.local')))
    if (context instanceof Response) {
      throw new Error(`Prerendering ${path} answered ${context.status}, not a page`)
    }
    const router = createStaticRouter(handler.dataRoutes, context)
    const html = renderToString(
      <StrictMode>
        <AppActorsProvider actors={actors}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppActorsProvider>
      </StrictMode>,
    )
    return {
      html,
      hydrationData: {
        loaderData: context.loaderData,
        actionData: context.actionData,
        errors: context.errors,
      },
      sources: routeSources(context.matches.map((match) => match.route.id)),
    }
  } finally {
    for (const actor of [
      actors.session,
      actors.ui,
      actors.toaster,
      actors.loadingBar,
      actors.config,
    ]) {
      actor.stop()
    }
  }
}

/** The shell of every other route: what the router shows while a guard and a page load. */
export function renderShell(): string {
  return renderToString(<AppShell />)
}

import type { createBrowserRouter } from 'react-router-dom'
import { selectLoginRedirectPath } from '../../machines/ui/ui.selectors'
import type { AppActors } from './app-actors'
import { pathOfRouteName } from './router'

type DataRouter = ReturnType<typeof createBrowserRouter>

/**
 * The navigation the app machine asks for: a page a machine names; after login, the page that
 * sent the visitor to '/' (its `?path=`) or the default redirect; when the session expired, the
 * guards again, so a guarded page sends the visitor to '/'. Returns the disconnect function.
 */
export function connectRouter(actors: AppActors, router: DataRouter): () => void {
  const { app, ui } = actors
  const subscriptions = [
    app.on('navigate', ({ to, replace }) => void router.navigate(to, { replace })),
    app.on('navigate.afterLogin', () => {
      const search = new URLSearchParams(router.state.location.search)
      const target =
        pathOfRouteName(search.get('path')) ?? selectLoginRedirectPath(ui.getSnapshot())
      void router.navigate(target, { replace: true })
    }),
    app.on('guards.run', () => void router.revalidate()),
  ]
  return () => subscriptions.forEach((subscription) => subscription.unsubscribe())
}

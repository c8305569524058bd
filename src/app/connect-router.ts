import type { createBrowserRouter } from 'react-router-dom'
import {
  selectIsLoggingOut,
  selectIsSettled,
  selectSession,
} from '../../machines/session/session.selectors'
import { selectLoginRedirectPath } from '../../machines/ui/ui.selectors'
import type { AppActors } from './app-actors'
import { pathOfRouteName } from './router'

type DataRouter = ReturnType<typeof createBrowserRouter>

/**
 * The navigation the machines ask for: after login, to the page that sent the visitor to '/'
 * (its `?path=`) or the default redirect; when the session ends without a logout (expired), the
 * guards run again so a guarded page sends the visitor to '/'. Returns the disconnect function.
 */
export function connectRouter(actors: AppActors, router: DataRouter): () => void {
  const { session, ui } = actors

  const loginSubscription = session.on('login.succeeded', () => {
    const search = new URLSearchParams(router.state.location.search)
    const target = pathOfRouteName(search.get('path')) ?? selectLoginRedirectPath(ui.getSnapshot())
    ui.send({ type: 'loginForm.hide' })
    void router.navigate(target, { replace: true })
  })

  let hadSession = selectSession(session.getSnapshot()) !== null
  const sessionSubscription = session.subscribe((snapshot) => {
    const hasSession = selectSession(snapshot) !== null
    const ended =
      hadSession && !hasSession && selectIsSettled(snapshot) && !selectIsLoggingOut(snapshot)
    hadSession = hasSession
    if (ended) void router.revalidate()
  })

  return () => {
    loginSubscription.unsubscribe()
    sessionSubscription.unsubscribe()
  }
}

import { redirect } from 'react-router-dom'
import type { LoaderFunction } from 'react-router-dom'
import { waitFor } from 'xstate'
import { selectIsAuthenticated, selectIsSettled } from '../../machines/session/session.selectors'
import type { SessionActor } from './app-actors'

/** Resolves once the session machine knows whether someone is signed in. */
async function isSignedIn(session: SessionActor): Promise<boolean> {
  const snapshot = await waitFor(session, selectIsSettled)
  return selectIsAuthenticated(snapshot)
}

/** guest: pages for visitors; a signed-in player goes to /home. */
export function guest(session: SessionActor): LoaderFunction {
  return async () => {
    if (await isSignedIn(session)) throw redirect('/home')
    return null
  }
}

/**
 * isAuth: pages for players; a visitor goes to '/' with `?path=` (the route name, or the page's
 * path when it has parameters or a query) to come back after login.
 */
export function isAuth(
  session: SessionActor,
  routeName: string,
  returnPath: (routeName: string, url: URL) => string,
): LoaderFunction {
  return async ({ request }) => {
    if (!(await isSignedIn(session))) {
      const path = returnPath(routeName, new URL(request.url))
      throw redirect(`/?${new URLSearchParams({ path }).toString()}`)
    }
    return null
  }
}

/** lockPage: a page nobody may open: visitors go to '/', players to /home. */
export function lockPage(session: SessionActor): LoaderFunction {
  return async () => {
    throw redirect((await isSignedIn(session)) ? '/home' : '/')
  }
}

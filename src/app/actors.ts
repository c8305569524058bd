import { fromPromise } from 'xstate'
import { getSession, logIn, logOut } from '../api/auth'
import { getConfig } from '../api/config'
import { agreeTerms } from '../api/user'
import type { AppActorLogic } from './app-actors'

/**
 * The real I/O of the app-wide machines. A page's own machine gets its logic from the page's
 * `<route>.actors.ts`, so each page's API calls load with its chunk. Tests provide fakes through
 * the actor runtime's overrides, never module mocks.
 */
export const realActors: AppActorLogic = {
  session: {
    fetchSession: fromPromise(({ input }) => getSession(input.path)),
    logIn: fromPromise(({ input }) => logIn(input)),
    logOut: fromPromise(() => logOut()),
    agreeTerms: fromPromise(() => agreeTerms()),
  },
  config: {
    load: fromPromise(async () => ({ data: await getConfig() })),
  },
}

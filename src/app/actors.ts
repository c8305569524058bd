import { fromPromise } from 'xstate'
import type { AppActorLogic } from './app-actors'

/**
 * The app-wide calls and the HTTP client under them load with the first call (the session check,
 * after hydration), not with the entry: a prerendered page paints and hydrates without them.
 */
const appApi = () => import('./app-api')

/**
 * The real I/O of the app-wide machines. A page's own machine gets its logic from the page's
 * `<route>.actors.ts`, so each page's API calls load with its chunk. Tests provide fakes through
 * the actor runtime's overrides, never module mocks.
 */
export const realActors: AppActorLogic = {
  session: {
    fetchSession: fromPromise(async ({ input }) => (await appApi()).getSession(input.path)),
    logIn: fromPromise(async ({ input }) => (await appApi()).logIn(input)),
    logOut: fromPromise(async () => (await appApi()).logOut()),
    agreeTerms: fromPromise(async () => (await appApi()).agreeTerms()),
  },
  config: {
    load: fromPromise(async () => ({ data: await (await appApi()).getConfig() })),
  },
}

import { fromPromise } from 'xstate'

/** The browser's clock (ms since the epoch), for a machine's `readClock`: machines never read it. */
export const readBrowserClock = fromPromise(async () => Date.now())

import { fromPromise } from 'xstate'

/** The browser's clock (ms since the epoch), provided as a machine's `readClock`. */
export const readBrowserClock = fromPromise(async () => Date.now())

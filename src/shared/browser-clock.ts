import { fromPromise } from 'xstate'
import { serverNow } from './server-clock'

/**
 * The app's clock (ms since the epoch), provided as a machine's `readClock`: the browser's, set
 * right by the server's when the device's is off (./server-clock.ts).
 */
export const readBrowserClock = fromPromise(async () => serverNow())

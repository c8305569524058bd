import { useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { tickerMachine } from '../../machines/ticker/ticker.machine'
import { selectNow } from '../../machines/ticker/ticker.selectors'
import type { MachineActors } from '../../machines/shared/machine-entry'
import { usePageActor } from './use-page-actor'

/** The browser's clock, read by the ticker once a second. */
const clockActors: MachineActors<typeof tickerMachine> = {
  readClock: fromPromise(async () => Date.now()),
}

/**
 * The milliseconds left until an instant, never negative, for countdowns: updated every second
 * on the app's clock (a ticker machine). Null while there is no instant or the time is not read
 * yet (so a prerendered page's first render shows no countdown).
 */
export function useTimeLeft(until: string | null): number | null {
  const ticker = usePageActor(tickerMachine, clockActors)
  const now = useSelector(ticker, selectNow)
  return until === null || now === null ? null : Math.max(0, Date.parse(until) - now)
}

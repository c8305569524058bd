import { useSelector } from '@xstate/react'
import { tickerMachine } from '../../machines/ticker/ticker.machine'
import { selectNow } from '../../machines/ticker/ticker.selectors'
import type { MachineActors } from '../../machines/shared/machine-entry'
import { readBrowserClock } from './browser-clock'
import { usePageActor } from '../app/use-page-actor'

/** The browser's clock, read by the ticker once a second. */
const clockActors: MachineActors<typeof tickerMachine> = { readClock: readBrowserClock }

/**
 * The time (ms since the epoch) on the app's clock, read every second by a ticker machine; null
 * before its first reading (so a prerendered page's first render shows no countdown). One call
 * serves every countdown of a list: pass the time down with `timeLeft`.
 */
export function useNow(): number | null {
  const ticker = usePageActor(tickerMachine, clockActors)
  return useSelector(ticker, selectNow)
}

/** The milliseconds from `now` until an instant, never negative; null without either. */
export function timeLeft(until: string | null, now: number | null): number | null {
  return until === null || now === null ? null : Math.max(0, Date.parse(until) - now)
}

/** The milliseconds left until an instant, for a countdown of its own: `timeLeft` on `useNow`. */
export function useTimeLeft(until: string | null): number | null {
  return timeLeft(until, useNow())
}

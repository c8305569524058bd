import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { tickerMachine } from '../../machines/ticker/ticker.machine'
import { selectNow } from '../../machines/ticker/ticker.selectors'
import type { MachineActors } from '../../machines/shared/machine-entry'
import { readBrowserClock } from './browser-clock'
import { usePageActor } from '../app/use-page-actor'

/** The browser's clock, read by the ticker once a second. */
const clockActors: MachineActors<typeof tickerMachine> = { readClock: readBrowserClock }

/** A ticker: the app's clock, read every second while it runs. */
export type Clock = ActorRefFrom<typeof tickerMachine>

/**
 * One ticker for a list of countdowns (the mine's stations): the list starts it and hands it
 * down, and each countdown reads it with `useClockNow`, so only the countdowns render again
 * every second, not the list and its items.
 */
export function useClock(): Clock {
  return usePageActor(tickerMachine, clockActors)
}

/**
 * The time (ms since the epoch) a ticker last read; null before its first reading (so a
 * prerendered page's first render shows no countdown).
 */
export function useClockNow(clock: Clock): number | null {
  return useSelector(clock, selectNow)
}

/** The milliseconds from `now` until an instant, never negative; null without either. */
export function timeLeft(until: string | null, now: number | null): number | null {
  return until === null || now === null ? null : Math.max(0, Date.parse(until) - now)
}

/** The milliseconds left until an instant, for a countdown of its own, with a ticker of its own. */
export function useTimeLeft(until: string | null): number | null {
  return timeLeft(until, useClockNow(useClock()))
}

import { assign, fromPromise, setup } from 'xstate'
import { metaTypes } from '../shared/meta'
import { notProvided } from '../shared/not-provided'

export type TickerContext = {
  /** The time (ms since the epoch) the clock last said; null before it first answered. */
  now: number | null
}

/**
 * The one clock of countdowns: a view shows the time left until an instant, from the time this
 * machine last read. The machine never reads the clock itself: `readClock` is provided (the
 * browser's clock in the app, a fixed one in tests) and the delay runs on the app's clock.
 */
export const tickerMachine = setup({
  types: { context: {} as TickerContext, ...metaTypes },
  actors: {
    readClock: fromPromise<number>(async () => notProvided('readClock')),
  },
  delays: {
    /** A countdown's resolution. */
    second: 1000,
  },
  actions: {
    setNow: assign((_, params: { now: number }) => ({ now: params.now })),
  },
}).createMachine({
  id: 'ticker',
  description: 'A countdown on screen: it reads the time every second while it is shown.',
  initial: 'reading',
  context: { now: null },
  states: {
    reading: {
      description: 'Reading the time.',
      invoke: {
        id: 'readClock',
        src: 'readClock',
        onDone: {
          target: 'waiting',
          actions: { type: 'setNow', params: ({ event }) => ({ now: event.output }) },
          description: 'The countdown shows the time left from now.',
        },
        onError: { target: 'waiting', description: 'No time this second; try the next one.' },
      },
    },
    waiting: {
      description: 'The countdown shows; the next second is awaited.',
      // The countdowns of a disabled video, a station's run, a lesson's lock and a draw's close.
      meta: { requirements: ['REQ-VIDEO-1'] },
      after: { second: { target: 'reading', description: 'A second passed.' } },
    },
  },
})

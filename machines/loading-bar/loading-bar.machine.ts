import { assign, setup } from 'xstate'
import { metaTypes } from '../shared/meta'

export type LoadingBarContext = {
  /** How many calls are under way. */
  pending: number
}

export type LoadingBarEvent = { type: 'request.start' } | { type: 'request.end' }

export const loadingBarMachine = setup({
  types: {
    context: {} as LoadingBarContext,
    events: {} as LoadingBarEvent,
    ...metaTypes,
  },
  delays: {
    /** Calls quicker than this never show the bar (spec: 200 ms throttle). */
    throttle: 200,
    /** The bar's full run (spec: 5000 ms). */
    duration: 5000,
  },
  guards: {
    isLastRequest: ({ context }) => context.pending <= 1,
  },
  actions: {
    countRequest: assign(({ context }) => ({ pending: context.pending + 1 })),
    uncountRequest: assign(({ context }) => ({ pending: Math.max(0, context.pending - 1) })),
  },
}).createMachine({
  id: 'loading-bar',
  description:
    'The loading bar: counts the calls under way and shows only when they last longer than 200 ms.',
  initial: 'idle',
  context: { pending: 0 },
  states: {
    idle: {
      description: 'No call is under way; the bar is hidden.',
      on: {
        'request.start': {
          target: 'busy',
          actions: 'countRequest',
          description: 'A call starts.',
          meta: { requirements: ['REQ-LOADING-1'] },
        },
      },
    },
    busy: {
      description: 'At least one call is under way.',
      initial: 'waiting',
      on: {
        'request.start': { actions: 'countRequest', description: 'Another call starts.' },
        'request.end': [
          {
            guard: 'isLastRequest',
            target: 'idle',
            actions: 'uncountRequest',
            description: 'The last call ends: the bar goes away.',
            meta: { requirements: ['REQ-LOADING-1'] },
          },
          {
            actions: 'uncountRequest',
            description: 'A call ends while others are still running.',
            meta: { requirements: ['REQ-LOADING-1'] },
          },
        ],
      },
      states: {
        waiting: {
          description: 'Calls are under way but the bar stays hidden for the first 200 ms.',
          after: {
            throttle: {
              target: 'running',
              description: 'The calls take longer than 200 ms.',
              meta: { requirements: ['REQ-LOADING-2'] },
            },
          },
        },
        running: {
          description: 'The bar is shown and advances over its 5 s run.',
          after: {
            duration: {
              target: 'stalled',
              description: 'The bar has run for 5 s.',
              meta: { requirements: ['REQ-LOADING-2'] },
            },
          },
        },
        stalled: {
          description: 'The bar is shown full, waiting for the calls to end.',
        },
      },
    },
  },
})

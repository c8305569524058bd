import { assertEvent, assign, emit, fromCallback, setup } from 'xstate'
import type { Balances } from '../../contract/user'
import type { LiveEvent } from '../../contract/live'
import { emitEvent } from '../shared/emit-event'
import { metaTypes } from '../shared/meta'
import { notProvided } from '../shared/not-provided'

/** What the stream actor tells the machine about a failure to connect or a stream that broke. */
export type StreamFailure = {
  /** True when the server could not be reached at all (no connection, the browser offline). */
  network: boolean
  /** How long the server asked to wait before trying again (a refusal's Retry-After), or null. */
  retryAfterMs: number | null
  /** A random number in [0, 1), drawn where the failure happened: the backoff's jitter. */
  jitter: number
}

export type LiveContext = {
  /** The last event id the stream wrote: sent back as Last-Event-ID to get what was missed. */
  cursor: string | null
  /** Failures since the stream was last open: the backoff doubles with each. */
  attempt: number
  lastFailure: StreamFailure | null
}

export type LiveMachineEvent =
  | { type: 'live.start' }
  | { type: 'live.stop' }
  | { type: 'stream.opened'; cursor: string; balances: Balances }
  | { type: 'stream.received'; cursor: string; event: LiveEvent }
  | { type: 'stream.reload'; cursor: string }
  | { type: 'stream.failed'; failure: StreamFailure }
  | { type: 'stream.ended' }
  | { type: 'network.offline' }
  | { type: 'network.online' }
  | { type: 'network.lost' }

/**
 * What the machine tells the app: an event for the area machines (the stream's, or `live.reload`
 * when what was missed cannot be sent), and the end of the session.
 */
export type LiveEmitted =
  | { type: 'live.received'; event: LiveEvent | { type: 'live.reload'; data: object } }
  | { type: 'session.ended' }

/** The first wait after a failure; it doubles with each failure up to MAX_BACKOFF_MS. */
export const BASE_BACKOFF_MS = 1_000
export const MAX_BACKOFF_MS = 30_000

/**
 * The wait before the next attempt: exponential, capped, and spread by the jitter over its upper
 * half, so that the tabs a server restart disconnected at once do not all come back at once; never
 * shorter than what a refusal asked for.
 */
export function backoffMs(context: Pick<LiveContext, 'attempt' | 'lastFailure'>): number {
  const exponential = Math.min(
    MAX_BACKOFF_MS,
    BASE_BACKOFF_MS * 2 ** Math.max(0, context.attempt - 1),
  )
  const jitter = context.lastFailure?.jitter ?? 0
  const spread = Math.round(exponential * (0.5 + jitter / 2))
  return Math.max(spread, context.lastFailure?.retryAfterMs ?? 0)
}

export const liveMachine = setup({
  types: {
    context: {} as LiveContext,
    events: {} as LiveMachineEvent,
    emitted: {} as LiveEmitted,
    ...metaTypes,
  },
  actors: {
    /**
     * GET /api/live with the cursor as Last-Event-ID, for as long as it is invoked: sends back
     * `stream.opened` at its first event, `stream.received` and `stream.reload` after, and
     * `stream.failed` or `stream.ended` when it stops.
     */
    connect: fromCallback<LiveMachineEvent, { cursor: string | null }>(() =>
      notProvided('connect'),
    ),
  },
  delays: {
    retryDelay: ({ context }) => backoffMs(context),
  },
  guards: {
    isNetworkFailure: (_, params: StreamFailure) => params.network,
  },
  actions: {
    setCursor: assign((_, params: { cursor: string }) => ({ cursor: params.cursor })),
    recordFailure: assign(({ context }, params: StreamFailure) => ({
      attempt: context.attempt + 1,
      lastFailure: params,
    })),
    /** The stream opened: it goes on from its first id, and the failures before it are over. */
    takeStream: assign(({ event }) => {
      assertEvent(event, 'stream.opened')
      return { cursor: event.cursor, attempt: 0, lastFailure: null }
    }),
    forget: assign({ cursor: null, attempt: 0, lastFailure: null }),
    /** The balances the stream opens with: what changed while it was closed shows at once. */
    tellBalances: emitEvent('live.received', ({ event }) => {
      assertEvent(event, 'stream.opened')
      return { event: { type: 'balances.changed' as const, data: { balances: event.balances } } }
    }),
    forward: emitEvent('live.received', (_, params: { event: LiveEvent }) => ({
      event: params.event,
    })),
    tellReload: emit({ type: 'live.received', event: { type: 'live.reload', data: {} } } as const),
    tellSessionEnded: emit({ type: 'session.ended' } as const),
  },
}).createMachine({
  id: 'live',
  description:
    'The signed-in player’s live stream: connecting, open, backing off with jitter after a failure, offline while the server cannot be reached, closed on logout. What it receives goes to the other machines as their own events.',
  initial: 'closed',
  context: { cursor: null, attempt: 0, lastFailure: null },
  states: {
    closed: {
      description: 'No player is signed in: there is no stream.',
      on: {
        'live.start': { target: 'active', description: 'A player is signed in.' },
      },
    },
    active: {
      description: 'A player is signed in: the stream is kept open, or is coming back.',
      on: {
        'live.stop': {
          target: 'closed',
          actions: 'forget',
          meta: { requirements: ['REQ-LIVE-4'] },
          description: 'The player logged out: the stream closes and its place is forgotten.',
        },
        'stream.ended': {
          target: 'closed',
          actions: ['forget', 'tellSessionEnded'],
          meta: { requirements: ['REQ-LIVE-4'] },
          description:
            'The server ended the stream with the session (a logout in another tab, expiry).',
        },
        'network.offline': {
          target: '.offline',
          description: 'The browser says it has no connection.',
        },
        'network.lost': {
          target: '.offline',
          description: 'A call of the app got no answer from the server.',
        },
      },
      initial: 'streaming',
      states: {
        streaming: {
          description: 'A stream is asked for or open.',
          invoke: {
            id: 'connect',
            src: 'connect',
            input: ({ context }) => ({ cursor: context.cursor }),
          },
          on: {
            'stream.failed': [
              {
                guard: { type: 'isNetworkFailure', params: ({ event }) => event.failure },
                target: 'offline',
                actions: { type: 'recordFailure', params: ({ event }) => event.failure },
                description: 'The server could not be reached.',
              },
              {
                target: 'backingOff',
                actions: { type: 'recordFailure', params: ({ event }) => event.failure },
                description:
                  'The server refused the stream (too many tabs, too busy) or closed it.',
              },
            ],
          },
          initial: 'connecting',
          states: {
            connecting: {
              description: 'Asking the server for the stream.',
              on: {
                'stream.opened': {
                  target: 'open',
                  description: 'The stream is open: the balances it starts with are shown.',
                },
              },
            },
            reconnecting: {
              description:
                'Asking for the stream again after the connection was lost: the banner stays until it opens.',
              tags: ['offline'],
              on: {
                'stream.opened': {
                  target: 'open',
                  description: 'The connection is back: what was missed follows.',
                  meta: { requirements: ['REQ-LIVE-2'] },
                },
              },
            },
            open: {
              description: 'The stream is open: what happens to the player arrives as it happens.',
              // Entered only by `stream.opened`, from connecting or reconnecting alike.
              entry: ['takeStream', 'tellBalances'],
              on: {
                'stream.received': {
                  actions: [
                    { type: 'setCursor', params: ({ event }) => ({ cursor: event.cursor }) },
                    { type: 'forward', params: ({ event }) => ({ event: event.event }) },
                  ],
                  description: 'An event arrived: the machines it concerns receive it.',
                  meta: { requirements: ['REQ-LIVE-1'] },
                },
                'stream.reload': {
                  actions: [
                    { type: 'setCursor', params: ({ event }) => ({ cursor: event.cursor }) },
                    'tellReload',
                  ],
                  description:
                    'What was missed is too old or too much to send: the pages load their data again.',
                },
              },
            },
          },
        },
        backingOff: {
          description: 'Waiting a moment (longer after each failure, never all tabs at once).',
          meta: { requirements: ['REQ-LIVE-2'] },
          after: {
            retryDelay: { target: 'streaming.connecting', description: 'The wait is over.' },
          },
        },
        offline: {
          description:
            'The server cannot be reached: a banner says so and what needs the server is disabled; the pages still show what they loaded.',
          tags: ['offline'],
          meta: { requirements: ['REQ-LIVE-3'] },
          after: {
            retryDelay: {
              target: 'streaming.reconnecting',
              description: 'The wait is over: try the server again.',
            },
          },
          on: {
            'network.online': {
              target: 'streaming.reconnecting',
              description: 'The browser has a connection again: try at once.',
            },
          },
        },
      },
    },
  },
})

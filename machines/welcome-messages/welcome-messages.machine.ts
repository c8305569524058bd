import { assign, fromPromise, setup } from 'xstate'
import type { Inbox, WelcomeMessage } from '../../contract/inbox'
import { metaTypes } from '../shared/meta'
import { notProvided } from '../shared/not-provided'
import { withFailure, type RequestFailure } from '../shared/request-failure'

export type WelcomeMessagesContext = {
  /** The unread messages, oldest first: the first one is on screen. */
  messages: WelcomeMessage[]
  /** How many the player has acknowledged since the messages loaded: the counter's "1 of 3". */
  acknowledged: number
  /** Why the last acknowledgement failed. */
  error: string | null
}

export type WelcomeMessagesEvent = { type: 'message.acknowledge' } | { type: 'message.received' }

export const welcomeMessagesMachine = setup({
  types: {
    context: {} as WelcomeMessagesContext,
    events: {} as WelcomeMessagesEvent,
    ...metaTypes,
  },
  actors: {
    loadMessages: fromPromise<Inbox>(async () => notProvided('loadMessages')),
    acknowledge: fromPromise<Inbox, { id: string }>(async () => notProvided('acknowledge')),
  },
  guards: {
    hasMessages: (_, params: Inbox) => params.messages.length > 0,
  },
  actions: {
    setMessages: assign((_, params: Inbox) => ({ messages: params.messages, error: null })),
    setError: assign((_, params: RequestFailure) => ({ error: params.message })),
    countAcknowledged: assign(({ context }) => ({ acknowledged: context.acknowledged + 1 })),
    // A fresh load is a fresh queue: a message that arrives after three were read is "1 of 1".
    restartCount: assign({ acknowledged: 0 }),
  },
}).createMachine({
  id: 'welcome-messages',
  description:
    'The welcome messages after login (weekly reset, penalty, new rank, gems received): a queue shown one at a time, each acknowledged with the server before the next.',
  initial: 'loading',
  context: { messages: [], acknowledged: 0, error: null },
  states: {
    loading: {
      description: 'Asking the server for the unread messages.',
      invoke: {
        id: 'loadMessages',
        src: 'loadMessages',
        onDone: [
          {
            guard: { type: 'hasMessages', params: ({ event }) => event.output },
            target: 'showing',
            actions: ['restartCount', { type: 'setMessages', params: ({ event }) => event.output }],
            description: 'There are messages: the oldest shows first.',
            meta: { requirements: ['REQ-TEAM-1'] },
          },
          {
            target: 'done',
            actions: ['restartCount', { type: 'setMessages', params: ({ event }) => event.output }],
            description: 'Nothing new happened: no message shows.',
          },
        ],
        onError: {
          target: 'unavailable',
          description: 'The messages could not be read; play goes on without them.',
        },
      },
    },
    showing: {
      description: 'One message shows, with its button to acknowledge it.',
      meta: { requirements: ['REQ-TEAM-1'] },
      on: {
        'message.acknowledge': {
          target: 'acknowledging',
          description: 'The player has read the message.',
          meta: { requirements: ['REQ-TEAM-1'] },
        },
      },
    },
    acknowledging: {
      description: 'Telling the server the message was read.',
      invoke: {
        id: 'acknowledge',
        src: 'acknowledge',
        input: ({ context }) => ({ id: context.messages[0]?.id ?? '' }),
        onDone: [
          {
            guard: { type: 'hasMessages', params: ({ event }) => event.output },
            target: 'showing',
            actions: [
              'countAcknowledged',
              { type: 'setMessages', params: ({ event }) => event.output },
            ],
            description: 'The next message shows.',
            meta: { requirements: ['REQ-TEAM-1'] },
          },
          {
            target: 'done',
            actions: [
              'countAcknowledged',
              { type: 'setMessages', params: ({ event }) => event.output },
            ],
            description: 'That was the last one.',
            meta: { requirements: ['REQ-TEAM-1'] },
          },
        ],
        onError: {
          target: 'showing',
          actions: withFailure('setError'),
          description: 'It could not be saved: the message stays, with why.',
        },
      },
    },
    done: {
      description: 'Every message was read.',
      on: {
        'message.received': {
          target: 'loading',
          description: 'A new message arrived (live: gems received, the weekly reset): it shows.',
        },
      },
    },
    unavailable: {
      description: 'The messages could not be read this time.',
      on: {
        'message.received': {
          target: 'loading',
          description: 'A new message arrived (live): the messages are asked for again.',
        },
      },
    },
  },
})

import { assertEvent, assign, emit, fromPromise, setup } from 'xstate'
import type { NotificationCount } from '../../contract/missions'
import { metaTypes } from '../shared/meta'
import { notProvided } from '../shared/not-provided'
import { withFailure } from '../shared/request-failure'
import type { RequestFailure } from '../shared/request-failure'

export type NotificationsContext = {
  /** Notifications the player has not seen. */
  count: number
  error: string | null
}

export type NotificationsEvent =
  | { type: 'notifications.markAll' }
  | { type: 'notification.view'; id: string }
  /** Something happened that may have told the player something (a claim): count again. */
  | { type: 'notifications.refresh' }
  | { type: 'notifications.retry' }

/** Some were marked as seen: the list shown should be loaded again. */
export type NotificationsEmitted = { type: 'notifications.viewed' }

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    emitted: {} as NotificationsEmitted,
    ...metaTypes,
  },
  actors: {
    countNew: fromPromise<NotificationCount>(async () => notProvided('countNew')),
    markAllViewed: fromPromise<NotificationCount>(async () => notProvided('markAllViewed')),
    markViewed: fromPromise<NotificationCount, { id: string }>(async () =>
      notProvided('markViewed'),
    ),
  },
  guards: {
    hasNew: ({ context }) => context.count > 0,
  },
  actions: {
    setCount: assign((_, params: NotificationCount) => ({ count: params.count, error: null })),
    setError: assign((_, params: RequestFailure) => ({ error: params.message })),
    notifyViewed: emit({ type: 'notifications.viewed' }),
  },
}).createMachine({
  id: 'notifications',
  description:
    'The player’s notifications: how many are new, and marking one or all of them as seen.',
  initial: 'counting',
  context: { count: 0, error: null },
  states: {
    counting: {
      description: 'Asking how many notifications are new.',
      invoke: {
        id: 'countNew',
        src: 'countNew',
        onDone: {
          target: 'ready',
          actions: { type: 'setCount', params: ({ event }) => event.output },
          description: 'The count of new notifications shows.',
          meta: { requirements: ['REQ-NOTIFY-1'] },
        },
        onError: {
          target: 'countFailed',
          actions: withFailure('setError'),
          description: 'The count could not be loaded; the message shows with a retry.',
        },
      },
    },
    countFailed: {
      description: 'The count could not be loaded: the message and REINTENTAR show.',
      on: {
        'notifications.retry': { target: 'counting', description: 'The player asks again.' },
      },
    },
    ready: {
      description: 'The new count shows, and the list with a way to mark them as seen.',
      meta: { requirements: ['REQ-NOTIFY-1'] },
      on: {
        'notifications.markAll': {
          guard: 'hasNew',
          target: 'markingAll',
          description: 'The player marks every notification as seen.',
          meta: { requirements: ['REQ-NOTIFY-2'] },
        },
        'notification.view': {
          target: 'markingOne',
          description: 'The player marks one notification as seen.',
          meta: { requirements: ['REQ-NOTIFY-2'] },
        },
        'notifications.refresh': {
          target: 'counting',
          description: 'Something happened (a claim): count again.',
          meta: { requirements: ['REQ-NOTIFY-1'] },
        },
      },
    },
    markingAll: {
      description: 'Marking every notification as seen.',
      invoke: {
        id: 'markAllViewed',
        src: 'markAllViewed',
        onDone: {
          target: 'ready',
          actions: [{ type: 'setCount', params: ({ event }) => event.output }, 'notifyViewed'],
          description: 'All seen: the count is zero.',
          meta: { requirements: ['REQ-NOTIFY-2'] },
        },
        onError: {
          target: 'markFailed',
          actions: withFailure('setError'),
          description: 'Marking failed; the message shows.',
        },
      },
    },
    markingOne: {
      description: 'Marking one notification as seen.',
      invoke: {
        id: 'markViewed',
        src: 'markViewed',
        input: ({ event }) => {
          assertEvent(event, 'notification.view')
          return { id: event.id }
        },
        onDone: {
          target: 'ready',
          actions: [{ type: 'setCount', params: ({ event }) => event.output }, 'notifyViewed'],
          description: 'Seen: the count goes down.',
          meta: { requirements: ['REQ-NOTIFY-2'] },
        },
        onError: {
          target: 'markFailed',
          actions: withFailure('setError'),
          description: 'Marking failed; the message shows.',
        },
      },
    },
    markFailed: {
      description: 'Marking failed: the message shows; the player may try again.',
      on: {
        'notifications.retry': {
          target: 'counting',
          description: 'The player dismisses the failure: count again.',
        },
      },
    },
  },
})

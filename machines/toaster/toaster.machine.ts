import { assertEvent, assign, cancel, enqueueActions, setup } from 'xstate'
import type { ToastPlacement } from '../shared/app-effects'
import { metaTypes } from '../shared/meta'

export type Toast = { id: number; message: string; placement: ToastPlacement }

export type ToasterContext = {
  /** The toasts on screen, oldest first. */
  toasts: Toast[]
  /** The id the next toast gets: a counter, so ids are stable and testable. */
  nextId: number
}

export type ToasterEvent =
  | { type: 'toast.show'; message: string; placement?: ToastPlacement }
  | { type: 'toast.dismiss'; id: number }
  | { type: 'toast.expire'; id: number }

export const defaultToastPlacement: ToastPlacement = 'top-right'

/** The id of the timer that removes a toast, so dismissing it can cancel that timer. */
function expiryTimerId(id: number): string {
  return `toast.expire.${id}`
}

export const toasterMachine = setup({
  types: {
    context: {} as ToasterContext,
    events: {} as ToasterEvent,
    ...metaTypes,
  },
  delays: {
    /** How long a toast stays (spec: 6000 ms). */
    toastDuration: 6000,
  },
  guards: {
    hasToast: ({ context, event }) => {
      assertEvent(event, ['toast.dismiss', 'toast.expire'])
      return context.toasts.some((toast) => toast.id === event.id)
    },
    isLastToast: ({ context, event }) => {
      assertEvent(event, ['toast.dismiss', 'toast.expire'])
      return context.toasts.length === 1 && context.toasts[0]?.id === event.id
    },
  },
  actions: {
    addToast: assign(({ context, event }) => {
      assertEvent(event, 'toast.show')
      const toast: Toast = {
        id: context.nextId,
        message: event.message,
        placement: event.placement ?? defaultToastPlacement,
      }
      return { toasts: [...context.toasts, toast], nextId: context.nextId + 1 }
    }),
    removeToast: assign(({ context, event }) => {
      assertEvent(event, ['toast.dismiss', 'toast.expire'])
      return { toasts: context.toasts.filter((toast) => toast.id !== event.id) }
    }),
    scheduleExpiry: enqueueActions(({ context, enqueue }) => {
      // Runs after addToast, so the newest toast holds nextId - 1.
      const id = context.nextId - 1
      enqueue.raise({ type: 'toast.expire', id }, { delay: 'toastDuration', id: expiryTimerId(id) })
    }),
    cancelExpiry: cancel(({ event }) => {
      assertEvent(event, ['toast.dismiss', 'toast.expire'])
      return expiryTimerId(event.id)
    }),
  },
}).createMachine({
  id: 'toaster',
  description: 'The toasts: short messages that leave after 6 seconds or when closed.',
  initial: 'empty',
  context: { toasts: [], nextId: 1 },
  states: {
    empty: {
      description: 'No toast is shown.',
      on: {
        'toast.show': {
          target: 'showing',
          actions: ['addToast', 'scheduleExpiry'],
          description: 'Something asks to tell the player a short message.',
        },
      },
    },
    showing: {
      description: 'One or more toasts are shown (in an aria-live region).',
      on: {
        'toast.show': {
          actions: ['addToast', 'scheduleExpiry'],
          description: 'Another message joins the toasts on screen.',
        },
        'toast.dismiss': [
          {
            guard: 'isLastToast',
            target: 'empty',
            actions: ['removeToast', 'cancelExpiry'],
            description: 'The player closes the last toast.',
          },
          {
            guard: 'hasToast',
            actions: ['removeToast', 'cancelExpiry'],
            description: 'The player closes one toast; others stay.',
          },
        ],
        'toast.expire': [
          {
            guard: 'isLastToast',
            target: 'empty',
            actions: 'removeToast',
            description: 'The last toast has been shown for 6 seconds and leaves.',
            meta: { requirements: ['REQ-TOAST-1'] },
          },
          {
            guard: 'hasToast',
            actions: 'removeToast',
            description: 'A toast has been shown for 6 seconds and leaves; others stay.',
            meta: { requirements: ['REQ-TOAST-1'] },
          },
        ],
      },
    },
  },
})

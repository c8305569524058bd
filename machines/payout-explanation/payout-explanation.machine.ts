import { assign, fromPromise, setup } from 'xstate'
import type { PayoutDetail } from '../../contract/mining'
import { metaTypes } from '../shared/meta'
import { notProvided } from '../shared/not-provided'
import { withFailure, type RequestFailure } from '../shared/request-failure'

export type PayoutExplanationContext = {
  /** The ledger transfer the player opened. */
  payoutId: string | null
  /** The payout and what produced it, once read. */
  payout: PayoutDetail | null
  error: string | null
}

export type PayoutExplanationEvent =
  { type: 'payout.open'; id: string } | { type: 'payout.close' } | { type: 'payout.retry' }

export const payoutExplanationMachine = setup({
  types: {
    context: {} as PayoutExplanationContext,
    events: {} as PayoutExplanationEvent,
    ...metaTypes,
  },
  actors: {
    loadPayout: fromPromise<PayoutDetail, { id: string }>(async () => notProvided('loadPayout')),
  },
  actions: {
    choosePayout: assign((_, params: { id: string }) => ({
      payoutId: params.id,
      payout: null,
      error: null,
    })),
    setPayout: assign((_, params: PayoutDetail) => ({ payout: params, error: null })),
    setError: assign((_, params: RequestFailure) => ({ payout: null, error: params.message })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'payout-explanation',
  description:
    'The explanation modal of one payout on /mine: closed, or open while the payout is read from the ledger, with the station, generation or rank that produced it and how it was computed, or with the failure and a retry.',
  initial: 'closed',
  context: { payoutId: null, payout: null, error: null },
  states: {
    closed: {
      description: 'No explanation shows; each payout of the list offers one.',
      on: {
        'payout.open': {
          target: 'open',
          actions: { type: 'choosePayout', params: ({ event }) => ({ id: event.id }) },
          description: 'The player opens the explanation of a payout.',
          meta: { requirements: ['REQ-MINE-10'] },
        },
      },
    },
    open: {
      description: 'The explanation modal shows, with a way to close it.',
      initial: 'loading',
      on: {
        'payout.open': {
          target: '.loading',
          actions: { type: 'choosePayout', params: ({ event }) => ({ id: event.id }) },
          description: 'Another payout is opened: that one is read instead.',
          meta: { requirements: ['REQ-MINE-10'] },
        },
        'payout.close': { target: 'closed', description: 'The player closes the modal.' },
      },
      states: {
        loading: {
          description: 'Reading the payout from the ledger: a spinner shows.',
          invoke: {
            id: 'loadPayout',
            src: 'loadPayout',
            input: ({ context }) => ({ id: context.payoutId ?? '' }),
            onDone: {
              target: 'shown',
              actions: { type: 'setPayout', params: ({ event }) => event.output },
              description: 'The payout and what produced it show.',
              meta: { requirements: ['REQ-MINE-10'] },
            },
            onError: {
              target: 'failed',
              actions: withFailure('setError'),
              description: 'The payout could not be read; the server’s message shows.',
              meta: { requirements: ['REQ-LIST-2'] },
            },
          },
        },
        shown: {
          description:
            'The amount, the date and how it was computed (by station, generation or rank), as the ledger recorded it.',
          meta: { requirements: ['REQ-MINE-10'] },
        },
        failed: {
          description: 'The payout could not be read: the message and REINTENTAR show.',
          meta: { requirements: ['REQ-LIST-2'] },
          on: {
            'payout.retry': {
              target: 'loading',
              actions: 'clearError',
              description: 'The player asks again.',
              meta: { requirements: ['REQ-LIST-2'] },
            },
          },
        },
      },
    },
  },
})

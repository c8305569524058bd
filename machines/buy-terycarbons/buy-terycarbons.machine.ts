import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { FuelPurchase, FuelPurchaseBody } from '../../contract/mining'
import type { Balances } from '../../contract/user'
import { emitEvent } from '../shared/emit-event'
import { metaTypes, moneyMarks } from '../shared/meta'
import { notProvided } from '../shared/not-provided'
import { readFieldErrors, withFailure, type RequestFailure } from '../shared/request-failure'

export type BuyTerycarbonsContext = {
  /** The Spanish message of a refused purchase. */
  error: string | null
  /** The server's per-field messages of a refused purchase. */
  fieldErrors: Record<string, string>
}

export type BuyTerycarbonsEvent =
  { type: 'buy.open' } | { type: 'buy.close' } | ({ type: 'buy.submit' } & FuelPurchaseBody)

export type BuyTerycarbonsEmitted =
  | { type: 'balances.changed'; balances: Balances }
  /** Terycarbons were bought: the page says how many and for what. */
  | { type: 'terycarbons.bought'; purchase: FuelPurchase }

export const buyTerycarbonsMachine = setup({
  types: {
    context: {} as BuyTerycarbonsContext,
    events: {} as BuyTerycarbonsEvent,
    emitted: {} as BuyTerycarbonsEmitted,
    ...metaTypes,
  },
  actors: {
    buyFuel: fromPromise<FuelPurchase, FuelPurchaseBody>(async () => notProvided('buyFuel')),
  },
  actions: {
    setError: assign((_, params: RequestFailure) => ({
      error: params.message,
      fieldErrors: readFieldErrors(params),
    })),
    clearError: assign({ error: null, fieldErrors: {} }),
    announceBalances: emitEvent('balances.changed', (_, params: { purchase: FuelPurchase }) => ({
      balances: params.purchase.balances,
    })),
    announcePurchase: emitEvent('terycarbons.bought', (_, params: { purchase: FuelPurchase }) => ({
      purchase: params.purchase,
    })),
  },
}).createMachine({
  id: 'buy-terycarbons',
  description:
    'The buy-terycarbons modal: closed, open with the amount and the currency to pay with (checked before it is sent), paying, and a refusal shown in the modal.',
  initial: 'closed',
  context: { error: null, fieldErrors: {} },
  states: {
    closed: {
      description: 'The modal is closed.',
      on: {
        'buy.open': {
          target: 'editing',
          actions: 'clearError',
          description: 'The player opens the modal from the terycarbon indicator.',
          meta: { requirements: ['REQ-MINE-6'] },
        },
      },
    },
    editing: {
      description: 'The player picks the amount and how to pay; the price shows as they type.',
      meta: { requirements: ['REQ-MINE-6'] },
      on: {
        'buy.submit': {
          target: 'paying',
          actions: 'clearError',
          description: 'The player buys a valid amount (the form checks it first).',
          meta: { requirements: ['REQ-MINE-6'] },
        },
        'buy.close': { target: 'closed', description: 'The player closes the modal.' },
      },
    },
    paying: {
      description: 'Paying and receiving the terycarbons.',
      invoke: {
        id: 'buyFuel',
        src: 'buyFuel',
        input: ({ event }) => {
          assertEvent(event, 'buy.submit')
          return { amount: event.amount, payWith: event.payWith }
        },
        onDone: {
          target: 'closed',
          actions: [
            { type: 'announceBalances', params: ({ event }) => ({ purchase: event.output }) },
            { type: 'announcePurchase', params: ({ event }) => ({ purchase: event.output }) },
          ],
          description: 'Bought: the modal closes and the balances update.',
          meta: {
            requirements: ['REQ-MINE-6'],
            money: moneyMarks('POST /api/inventory/purchase/fuel', {
              out: ['terydollars', 'gems'],
              in: ['terycarbons'],
            }),
          },
        },
        onError: {
          target: 'editing',
          actions: withFailure('setError'),
          description: 'Refused (not enough to pay, no answer): the message shows in the modal.',
          meta: { requirements: ['REQ-MINE-6'] },
        },
      },
    },
  },
})

import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { PaymentMethod } from '../../contract/payments'
import type { CurrentOrder, OrderBody, TerydollarOrder } from '../../contract/terydollar'
import type { Balances } from '../../contract/user'
import { formatMoney } from '../../contract/money-text'
import { emitEvent } from '../shared/emit-event'
import { metaTypes } from '../shared/meta'
import { notProvided } from '../shared/not-provided'
import { readFieldErrors, withFailure, type RequestFailure } from '../shared/request-failure'

export type TerydollarPurchaseContext = {
  /** buyTerydollarMethod: bitcoin until the player picks another. */
  method: PaymentMethod
  /** The player's latest order: open, or the last one reviewed. */
  order: TerydollarOrder | null
  failure: string | null
  fieldErrors: Record<string, string>
}

export type TerydollarPurchaseEvent =
  | { type: 'method.select'; method: PaymentMethod }
  | { type: 'method.change' }
  /** buyTerydollarValue, checked by the form against the order bounds. */
  | { type: 'amount.submit'; amount: number }
  /** The payment voucher the player picked, checked by the form for type and size. */
  | { type: 'voucher.send'; file: Blob }
  | { type: 'order.refresh' }
  /** The player has read how the review went (ENTENDIDO): it is not told again. */
  | { type: 'outcome.acknowledge' }
  | { type: 'purchase.retry' }

export type TerydollarPurchaseEmitted =
  { type: 'balances.changed'; balances: Balances } | { type: 'toast.show'; message: string }

type OrderState = TerydollarOrder['state']

export const terydollarPurchaseMachine = setup({
  types: {
    context: {} as TerydollarPurchaseContext,
    events: {} as TerydollarPurchaseEvent,
    emitted: {} as TerydollarPurchaseEmitted,
    ...metaTypes,
  },
  actors: {
    loadOrder: fromPromise<CurrentOrder>(async () => notProvided('loadOrder')),
    placeOrder: fromPromise<TerydollarOrder, OrderBody>(async () => notProvided('placeOrder')),
    sendVoucher: fromPromise<TerydollarOrder, { orderId: number; file: Blob }>(async () =>
      notProvided('sendVoucher'),
    ),
    /** Marks the inbox message that tells the outcome read (PATCH /api/messages). */
    acknowledgeOutcome: fromPromise<unknown, { messageId: string }>(async () =>
      notProvided('acknowledgeOutcome'),
    ),
  },
  delays: {
    /** How often the page asks whether the operator reviewed the voucher. */
    statusPoll: 15_000,
  },
  guards: {
    isOrderIn: (_, params: { order: TerydollarOrder | null; states: readonly OrderState[] }) =>
      params.order !== null && params.states.includes(params.order.state),
    /** The latest order was reviewed and the player has not acknowledged its outcome yet. */
    hasUntoldOutcome: (_, params: { order: TerydollarOrder | null }) =>
      params.order?.outcomeMessageId != null,
    hasOutcomeMessage: ({ context }) => context.order?.outcomeMessageId != null,
  },
  actions: {
    setMethod: assign(({ event }) => {
      assertEvent(event, 'method.select')
      return { method: event.method, failure: null, fieldErrors: {} }
    }),
    setOrder: assign((_, params: { order: TerydollarOrder | null }) => ({
      order: params.order,
      failure: null,
      fieldErrors: {},
    })),
    setFailure: assign((_, params: RequestFailure) => ({
      failure: params.message,
      fieldErrors: readFieldErrors(params),
    })),
    clearFailure: assign({ failure: null, fieldErrors: {} }),
    notifyBalances: emitEvent('balances.changed', (_, params: { balances: Balances }) => ({
      balances: params.balances,
    })),
    announceApproval: emitEvent('toast.show', (_, params: { order: TerydollarOrder | null }) => ({
      message: `Tu compra de ${formatMoney({ currency: 'terydollars', amount: params.order?.amount ?? 0 })} fue aprobada`,
    })),
  },
}).createMachine({
  id: 'terydollar-purchase',
  description:
    'Buying terydollars: the method, the amount, the order with where to pay, the payment voucher, and the operator’s review (approved or rejected).',
  initial: 'loading',
  context: { method: 'btc', order: null, failure: null, fieldErrors: {} },
  states: {
    loading: {
      description: 'Asking the server for the player’s latest order.',
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        onDone: [
          {
            guard: {
              type: 'isOrderIn',
              params: ({ event }) => ({ order: event.output.order, states: ['awaitingVoucher'] }),
            },
            target: 'awaitingVoucher',
            actions: { type: 'setOrder', params: ({ event }) => event.output },
            description: 'An order waits for its voucher: the payment instructions show.',
            meta: { requirements: ['REQ-TERYDOLLAR-2'] },
          },
          {
            guard: {
              type: 'isOrderIn',
              params: ({ event }) => ({ order: event.output.order, states: ['voucherSent'] }),
            },
            target: 'voucherSent',
            actions: { type: 'setOrder', params: ({ event }) => event.output },
            description: 'The voucher was sent: the order waits for the operator.',
            meta: { requirements: ['REQ-TERYDOLLAR-3'] },
          },
          {
            guard: { type: 'hasUntoldOutcome', params: ({ event }) => event.output },
            target: 'reviewed',
            actions: { type: 'setOrder', params: ({ event }) => event.output },
            description:
              'The operator reviewed the latest order while the player was away: its outcome shows until they acknowledge it.',
            meta: { requirements: ['REQ-TERYDOLLAR-3'] },
          },
          {
            target: 'choosingMethod',
            actions: { type: 'setOrder', params: ({ event }) => event.output },
            description: 'No open order: the player may buy.',
            meta: { requirements: ['REQ-TERYDOLLAR-1'] },
          },
        ],
        onError: {
          target: 'loadFailed',
          actions: withFailure('setFailure'),
          description: 'The order could not be loaded.',
        },
      },
    },
    loadFailed: {
      description: 'The order could not be loaded; the message and a retry show.',
      on: {
        'purchase.retry': {
          target: 'loading',
          actions: 'clearFailure',
          description: 'The player asks again.',
        },
      },
    },
    choosingMethod: {
      description: 'The method selection: bitcoin, USDT, PayPal, Nequi or BANCOLOMBIA.',
      meta: { requirements: ['REQ-TERYDOLLAR-1'] },
      on: {
        'method.select': {
          target: 'enteringAmount',
          actions: 'setMethod',
          description: 'The player picks the method to pay with.',
          meta: { requirements: ['REQ-TERYDOLLAR-1'] },
        },
      },
    },
    enteringAmount: {
      description:
        'The terydollar amount, with the exchange of the method; its error text shows under the input.',
      meta: { requirements: ['REQ-TERYDOLLAR-1'] },
      on: {
        'amount.submit': {
          target: 'ordering',
          description: 'The player orders the amount.',
          meta: { requirements: ['REQ-TERYDOLLAR-1'] },
        },
        'method.change': {
          target: 'choosingMethod',
          actions: 'clearFailure',
          description: 'The player goes back to pick another method.',
        },
      },
    },
    ordering: {
      description: 'Waiting for the server to create the order.',
      invoke: {
        id: 'placeOrder',
        src: 'placeOrder',
        input: ({ context, event }) => {
          assertEvent(event, 'amount.submit')
          return { method: context.method, amount: event.amount }
        },
        onDone: {
          target: 'awaitingVoucher',
          actions: { type: 'setOrder', params: ({ event }) => ({ order: event.output }) },
          description: 'The order exists: what to pay and where show, and the voucher is asked.',
          meta: { requirements: ['REQ-TERYDOLLAR-2'] },
        },
        onError: {
          target: 'enteringAmount',
          actions: withFailure('setFailure'),
          description: 'The server refused the order; its message shows under the amount.',
          meta: { requirements: ['REQ-TERYDOLLAR-1'] },
        },
      },
    },
    awaitingVoucher: {
      description:
        'Pay with the method at the address shown, then send the voucher (an image of the payment).',
      meta: { requirements: ['REQ-TERYDOLLAR-2'] },
      on: {
        'voucher.send': {
          target: 'sendingVoucher',
          actions: 'clearFailure',
          description: 'The player sends the voucher image.',
          meta: { requirements: ['REQ-TERYDOLLAR-2'] },
        },
      },
    },
    sendingVoucher: {
      description: 'Uploading the voucher.',
      invoke: {
        id: 'sendVoucher',
        src: 'sendVoucher',
        input: ({ context, event }) => {
          assertEvent(event, 'voucher.send')
          return { orderId: context.order?.id ?? 0, file: event.file }
        },
        onDone: {
          target: 'voucherSent',
          actions: { type: 'setOrder', params: ({ event }) => ({ order: event.output }) },
          description: 'The voucher arrived: the order waits for the operator’s review.',
          meta: { requirements: ['REQ-TERYDOLLAR-2'] },
        },
        onError: {
          target: 'awaitingVoucher',
          actions: withFailure('setFailure'),
          description: 'The voucher was refused (type, size, not an image); the reason shows.',
          meta: { requirements: ['REQ-TERYDOLLAR-2'] },
        },
      },
    },
    voucherSent: {
      description: 'The operator reviews the voucher; the page asks now and then how it went.',
      meta: { requirements: ['REQ-TERYDOLLAR-3'] },
      after: {
        statusPoll: {
          target: 'checking',
          description: 'Time to ask again.',
        },
      },
      on: {
        'order.refresh': {
          target: 'checking',
          description: 'The player asks now.',
        },
        'voucher.send': {
          target: 'sendingVoucher',
          description: 'The player replaces the voucher before the review.',
          meta: { requirements: ['REQ-TERYDOLLAR-2'] },
        },
      },
    },
    checking: {
      description: 'Asking the server whether the order was reviewed.',
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        onDone: [
          {
            guard: {
              type: 'isOrderIn',
              params: ({ event }) => ({ order: event.output.order, states: ['approved'] }),
            },
            target: 'reviewed',
            actions: [
              { type: 'setOrder', params: ({ event }) => event.output },
              { type: 'notifyBalances', params: ({ event }) => event.output },
              { type: 'announceApproval', params: ({ event }) => event.output },
            ],
            description: 'Approved: the terydollars are in the balance, shown at once.',
            meta: { requirements: ['REQ-TERYDOLLAR-3', 'REQ-SESSION-8'] },
          },
          {
            guard: {
              type: 'isOrderIn',
              params: ({ event }) => ({ order: event.output.order, states: ['rejected'] }),
            },
            target: 'reviewed',
            actions: { type: 'setOrder', params: ({ event }) => event.output },
            description: 'Rejected: the operator’s reason shows.',
            meta: { requirements: ['REQ-TERYDOLLAR-3'] },
          },
          {
            target: 'voucherSent',
            description: 'Not reviewed yet.',
          },
        ],
        onError: {
          target: 'voucherSent',
          description: 'No answer this time; the page asks again later.',
        },
      },
    },
    reviewed: {
      description:
        'The order was approved (the terydollars credited) or rejected (with the operator’s reason): the card tells it, as the inbox does, until the player acknowledges it.',
      meta: { requirements: ['REQ-TERYDOLLAR-3'] },
      initial: 'told',
      states: {
        told: {
          description: 'The outcome shows, with ENTENDIDO.',
          on: {
            'outcome.acknowledge': [
              {
                guard: 'hasOutcomeMessage',
                target: 'acknowledging',
                description: 'The player has read it: the server is told.',
              },
              {
                target: '#terydollar-purchase.choosingMethod',
                actions: 'clearFailure',
                description: 'Nothing left to acknowledge: the player may buy again.',
              },
            ],
          },
        },
        acknowledging: {
          description: 'Marking the message that tells the outcome read.',
          invoke: {
            id: 'acknowledgeOutcome',
            src: 'acknowledgeOutcome',
            input: ({ context }) => ({ messageId: context.order?.outcomeMessageId ?? '' }),
            onDone: {
              target: '#terydollar-purchase.choosingMethod',
              actions: 'clearFailure',
              description: 'Read: it is not told again, and the player may buy again.',
            },
            onError: {
              target: 'told',
              actions: withFailure('setFailure'),
              description: 'It could not be saved: the outcome stays, with why.',
            },
          },
        },
      },
    },
  },
})

import { assertEvent, assign, emit, fromPromise, setup } from 'xstate'
import type {
  BatteryOperation,
  BatteryOperationResult,
  BatteryQuote,
  EarningsBody,
} from '../../contract/battery'
import type { Balances } from '../../contract/user'
import { emitEvent } from '../shared/emit-event'
import { metaTypes, moneyMarks, type MoneyMark } from '../shared/meta'
import { notProvided } from '../shared/not-provided'
import { withFailure, type RequestFailure } from '../shared/request-failure'

export type BatteryOperationContext = {
  operation: BatteryOperation | null
  /** Batteries, terydollars or terycarbons, as the operation counts; 0 to collect. */
  amount: number
  /** The server's preview of what the operation spends and gives. */
  quote: BatteryQuote | null
  failure: string | null
}

export type BatteryOperationEvent =
  /** A form of the page is valid (buyBatteryValue, meltBatteryValue, burnTerydollarValue...). */
  | { type: 'operation.start'; operation: BatteryOperation; amount: number }
  | { type: 'operation.confirm' }
  | { type: 'operation.cancel' }
  | { type: 'operation.retry' }
  | { type: 'operation.dismiss' }

export type BatteryOperationEmitted =
  | { type: 'balances.changed'; balances: Balances }
  /** The batteries changed: the page shows the new figures. */
  | { type: 'battery.changed' }

/** The call each operation makes and the money it moves for the player. */
const money = {
  buy: moneyMarks('POST /api/battery/buy', { out: ['terydollars'] }),
  melt: moneyMarks('POST /api/battery/melt', { in: ['terydollars'] }),
  burn: moneyMarks('POST /api/terydollar/burn', { out: ['terydollars'], in: ['gems'] }),
  collect: moneyMarks('POST /api/battery/collect', { in: ['gems'] }),
  terycarbonBattery: moneyMarks('POST /api/user/terycarbonBattery', { out: ['terycarbons'] }),
} satisfies Record<BatteryOperation, readonly MoneyMark[]>

export const batteryOperationMachine = setup({
  types: {
    context: {} as BatteryOperationContext,
    events: {} as BatteryOperationEvent,
    emitted: {} as BatteryOperationEmitted,
    ...metaTypes,
  },
  actors: {
    quoteOperation: fromPromise<BatteryQuote, EarningsBody>(async () =>
      notProvided('quoteOperation'),
    ),
    runOperation: fromPromise<
      BatteryOperationResult,
      { operation: BatteryOperation; amount: number }
    >(async () => notProvided('runOperation')),
  },
  guards: {
    isOperation: ({ context }, params: { operation: BatteryOperation }) =>
      context.operation === params.operation,
    hasShortfall: (_, params: BatteryQuote) => params.shortfall !== null,
  },
  actions: {
    setOperation: assign(({ event }) => {
      assertEvent(event, 'operation.start')
      return {
        operation: event.operation,
        amount: event.amount,
        quote: null,
        failure: null,
      }
    }),
    setQuote: assign((_, params: BatteryQuote) => ({ quote: params })),
    setFailure: assign((_, params: RequestFailure) => ({ failure: params.message })),
    clear: assign({
      operation: null,
      amount: 0,
      quote: null,
      failure: null,
    }),
    notifyBalances: emitEvent('balances.changed', (_, params: { balances: Balances }) => ({
      balances: params.balances,
    })),
    notifyBatteryChanged: emit({ type: 'battery.changed' } as const),
  },
}).createMachine({
  id: 'battery-operation',
  description:
    'One operation of the battery screens (buy, melt, burn, collect, pay the terycarbon battery): its preview, the confirmation, the call and the outcome.',
  initial: 'idle',
  context: {
    operation: null,
    amount: 0,
    quote: null,
    failure: null,
  },
  states: {
    idle: {
      description: 'The screen shows its forms; no operation is under way.',
      on: {
        'operation.start': {
          target: 'quoting',
          actions: 'setOperation',
          description: 'The player asks for an operation with a valid amount.',
        },
      },
    },
    quoting: {
      description: 'Asking the server what the operation would spend and give.',
      invoke: {
        id: 'quoteOperation',
        src: 'quoteOperation',
        input: ({ context }) =>
          context.operation === 'collect'
            ? { operation: 'collect' }
            : { operation: context.operation ?? 'buy', amount: context.amount },
        onDone: [
          {
            guard: { type: 'hasShortfall', params: ({ event }) => event.output },
            target: 'blocked',
            actions: { type: 'setQuote', params: ({ event }) => event.output },
            description: 'It would be refused now (not enough funds...): the reason shows.',
            meta: { requirements: ['REQ-BATTERY-6'] },
          },
          {
            target: 'confirming',
            actions: { type: 'setQuote', params: ({ event }) => event.output },
            description: 'The preview: what it costs and gives, and the gems a day after it.',
            meta: {
              requirements: [
                'REQ-BATTERY-1',
                'REQ-BATTERY-2',
                'REQ-BATTERY-3',
                'REQ-BATTERY-4',
                'REQ-BATTERY-5',
              ],
            },
          },
        ],
        onError: {
          target: 'failed',
          actions: withFailure('setFailure'),
          description: 'The preview could not be made; the message shows.',
          meta: { requirements: ['REQ-BATTERY-6'] },
        },
      },
    },
    blocked: {
      description: 'The preview says why the operation would be refused; nothing can be sent.',
      meta: { requirements: ['REQ-BATTERY-6'] },
      on: {
        'operation.cancel': {
          target: 'idle',
          actions: 'clear',
          description: 'The player closes the preview.',
        },
      },
    },
    confirming: {
      description: 'The player reads the preview and confirms, or not.',
      on: {
        'operation.confirm': [
          {
            guard: { type: 'isOperation', params: { operation: 'buy' } },
            target: 'submitting',
            description: 'The player confirms buying the batteries.',
            meta: { requirements: ['REQ-BATTERY-1'], money: money.buy },
          },
          {
            guard: { type: 'isOperation', params: { operation: 'melt' } },
            target: 'submitting',
            description: 'The player confirms melting the batteries.',
            meta: { requirements: ['REQ-BATTERY-2'], money: money.melt },
          },
          {
            guard: { type: 'isOperation', params: { operation: 'burn' } },
            target: 'submitting',
            description: 'The player confirms burning the terydollars.',
            meta: { requirements: ['REQ-BATTERY-4'], money: money.burn },
          },
          {
            guard: { type: 'isOperation', params: { operation: 'collect' } },
            target: 'submitting',
            description: 'The player confirms collecting the gems.',
            meta: { requirements: ['REQ-BATTERY-3'], money: money.collect },
          },
          {
            guard: { type: 'isOperation', params: { operation: 'terycarbonBattery' } },
            target: 'submitting',
            description: 'The player confirms paying the terycarbon battery.',
            meta: { requirements: ['REQ-BATTERY-5'], money: money.terycarbonBattery },
          },
        ],
        'operation.cancel': {
          target: 'idle',
          actions: 'clear',
          description: 'The player changes their mind.',
        },
      },
    },
    submitting: {
      description: 'Waiting for the server to make the operation.',
      invoke: {
        id: 'runOperation',
        src: 'runOperation',
        input: ({ context }) => ({
          operation: context.operation ?? 'buy',
          amount: context.amount,
        }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'notifyBalances', params: ({ event }) => event.output },
            'notifyBatteryChanged',
          ],
          description: 'Done: the new balances and batteries show at once.',
          meta: { requirements: ['REQ-SESSION-8'] },
        },
        onError: {
          target: 'failed',
          actions: withFailure('setFailure'),
          description: 'The server refused it; nothing moved and the reason shows.',
          meta: { requirements: ['REQ-BATTERY-6'] },
        },
      },
    },
    done: {
      description: 'The operation went through.',
      on: {
        'operation.dismiss': {
          target: 'idle',
          actions: 'clear',
          description: 'The player closes the confirmation.',
        },
      },
    },
    failed: {
      description: 'The operation failed; the reason shows.',
      on: {
        'operation.retry': {
          target: 'quoting',
          description: 'The player tries again, from a fresh preview.',
        },
        'operation.dismiss': {
          target: 'idle',
          actions: 'clear',
          description: 'The player closes the message.',
        },
      },
    },
  },
})

import { assertEvent, assign, emit, fromPromise, setup } from 'xstate'
import type { ConversionResult, MarketOverview, Payout } from '../../contract/market'
import type { PaymentMethod } from '../../contract/payments'
import type { Balances } from '../../contract/user'
import { emitEvent } from '../shared/emit-event'
import { metaTypes, moneyMarks } from '../shared/meta'
import { notProvided } from '../shared/not-provided'
import { readFieldErrors, withFailure, type RequestFailure } from '../shared/request-failure'

export type GemConversionContext = {
  symbol: PaymentMethod
  amount: number
  /** The market's answer for the amount: the quote with its fee, and the wallet it pays. */
  market: MarketOverview | null
  payout: Payout | null
  failure: string | null
  fieldErrors: Record<string, string>
}

export type GemConversionEvent =
  /** The form is valid: the gems to convert and the payment method. */
  | { type: 'conversion.review'; symbol: PaymentMethod; amount: number }
  | { type: 'conversion.claim' }
  /** The wallets changed (one was added): ask again, so the claim can pay it. */
  | { type: 'conversion.refresh' }
  | { type: 'conversion.edit' }
  | { type: 'conversion.new' }

export type GemConversionEmitted =
  | { type: 'balances.changed'; balances: Balances }
  /** A payout was asked for: the page reloads the transaction history. */
  | { type: 'payouts.changed' }

const claimMoney = moneyMarks('POST /api/market/transfer/{symbol}', { out: ['gems'] })

export const gemConversionMachine = setup({
  types: {
    context: {} as GemConversionContext,
    events: {} as GemConversionEvent,
    emitted: {} as GemConversionEmitted,
    ...metaTypes,
  },
  actors: {
    convert: fromPromise<MarketOverview, { symbol: PaymentMethod; amount: number }>(async () =>
      notProvided('convert'),
    ),
    claim: fromPromise<ConversionResult, { symbol: PaymentMethod; amount: number }>(async () =>
      notProvided('claim'),
    ),
  },
  guards: {
    hasWallet: ({ context }) => context.market?.wallet != null,
  },
  actions: {
    setRequest: assign(({ event }) => {
      assertEvent(event, 'conversion.review')
      return {
        symbol: event.symbol,
        amount: event.amount,
        market: null,
        payout: null,
        failure: null,
        fieldErrors: {},
      }
    }),
    setMarket: assign((_, params: MarketOverview) => ({ market: params })),
    setPayout: assign((_, params: ConversionResult) => ({ payout: params.payout })),
    setFailure: assign((_, params: RequestFailure) => ({
      failure: params.message,
      fieldErrors: readFieldErrors(params),
    })),
    clearFailure: assign({ failure: null, fieldErrors: {} }),
    clear: assign({ market: null, payout: null, failure: null, fieldErrors: {} }),
    notifyBalances: emitEvent('balances.changed', (_, params: { balances: Balances }) => ({
      balances: params.balances,
    })),
    notifyPayoutsChanged: emit({ type: 'payouts.changed' } as const),
  },
}).createMachine({
  id: 'gem-conversion',
  description:
    'Converting gems to money: the amount and method, the conversion with its fee shown before acting, then the claim that sends the money to the wallet.',
  initial: 'editing',
  context: {
    symbol: 'btc',
    amount: 0,
    market: null,
    payout: null,
    failure: null,
    fieldErrors: {},
  },
  states: {
    editing: {
      description:
        'The player picks the payment method and the gems to convert; the fee rate shows.',
      meta: { requirements: ['REQ-MARKET-1'] },
      on: {
        'conversion.review': {
          target: 'converting',
          actions: 'setRequest',
          description: 'The form is valid: work out what the gems are worth.',
          meta: { requirements: ['REQ-MARKET-1'] },
        },
      },
    },
    converting: {
      description: 'The server converts the amount: the fee, the gems after it and the money.',
      invoke: {
        id: 'convert',
        src: 'convert',
        input: ({ context }) => ({ symbol: context.symbol, amount: context.amount }),
        onDone: {
          target: 'claimable',
          actions: { type: 'setMarket', params: ({ event }) => event.output },
          description: 'The fee and the money show before anything moves.',
          meta: { requirements: ['REQ-MARKET-1'] },
        },
        onError: {
          target: 'editing',
          actions: withFailure('setFailure'),
          description: 'The amount was refused (below or above the bounds); the reason shows.',
        },
      },
    },
    claimable: {
      description:
        'The money can be claimed to the wallet of the method; without a wallet, the player adds one first.',
      meta: { requirements: ['REQ-MARKET-1'] },
      on: {
        'conversion.claim': {
          guard: 'hasWallet',
          target: 'claiming',
          actions: 'clearFailure',
          description: 'The player claims the money: the gems leave the balance.',
          meta: { requirements: ['REQ-MARKET-1'] },
        },
        'conversion.edit': {
          target: 'editing',
          actions: 'clear',
          description: 'The player changes the amount or the method.',
        },
        'conversion.refresh': {
          target: 'converting',
          description: 'A wallet was added: the conversion is asked again with it.',
          meta: { requirements: ['REQ-MARKET-2'] },
        },
      },
    },
    claiming: {
      description: 'Waiting for the server to take the gems and record the payout.',
      invoke: {
        id: 'claim',
        src: 'claim',
        input: ({ context }) => ({ symbol: context.symbol, amount: context.amount }),
        onDone: {
          target: 'claimed',
          actions: [
            { type: 'setPayout', params: ({ event }) => event.output },
            { type: 'notifyBalances', params: ({ event }) => event.output },
            'notifyPayoutsChanged',
          ],
          description: 'The payout is recorded; the operator sends the money to the wallet.',
          meta: {
            requirements: ['REQ-MARKET-1', 'REQ-MARKET-3', 'REQ-SESSION-8'],
            money: claimMoney,
          },
        },
        onError: {
          target: 'claimable',
          actions: withFailure('setFailure'),
          description: 'The claim was refused (gems short, no wallet); the reason shows.',
        },
      },
    },
    claimed: {
      description: 'The claim went through: the payout waits to be paid.',
      on: {
        'conversion.new': {
          target: 'editing',
          actions: 'clear',
          description: 'The player converts more.',
        },
      },
    },
  },
})

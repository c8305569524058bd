import { assign, emit, fromPromise, setup } from 'xstate'
import { tradingFee, type OfferResult, type SellOfferBody } from '../../contract/trading'
import type { Balances } from '../../contract/user'
import { emitEvent } from '../shared/emit-event'
import { metaTypes, moneyMarks } from '../shared/meta'
import { notProvided } from '../shared/not-provided'
import { readFieldErrors, withFailure, type RequestFailure } from '../shared/request-failure'
import { economyMessages } from '../../contract/economy-messages'

/** The offer as the player reviews it before listing: what it sells, asks and costs. */
export type SellOfferTerms = {
  price: number
  amount: number
  /** Gems the buyer pays. */
  total: number
  /** Gems the sale costs the seller (the board's fee). */
  fee: number
  /** Gems the seller receives if it sells. */
  proceeds: number
}

export type SellOfferContext = {
  terms: SellOfferTerms | null
  failure: string | null
  fieldErrors: Record<string, string>
}

export type SellOfferEvent =
  /** The form is valid (sellTerydollarPrice, sellTerydollarValue); `feePercent` is the board's rule. */
  | { type: 'offer.review'; price: number; amount: number; feePercent: number }
  | { type: 'offer.submit' }
  | { type: 'offer.edit' }
  | { type: 'offer.new' }

export type SellOfferEmitted =
  | { type: 'balances.changed'; balances: Balances }
  | { type: 'offers.changed' }
  | { type: 'toast.show'; message: string }

export const sellOfferMachine = setup({
  types: {
    context: {} as SellOfferContext,
    events: {} as SellOfferEvent,
    emitted: {} as SellOfferEmitted,
    ...metaTypes,
  },
  actors: {
    createOffer: fromPromise<OfferResult, SellOfferBody>(async () => notProvided('createOffer')),
  },
  guards: {
    hasWholeTerms: (_, params: { price: number; amount: number }) =>
      Number.isSafeInteger(params.price) &&
      Number.isSafeInteger(params.amount) &&
      params.price > 0 &&
      params.amount > 0,
  },
  actions: {
    setTerms: assign((_, params: { price: number; amount: number; feePercent: number }) => {
      const total = params.price * params.amount
      const fee = tradingFee(total, params.feePercent)
      return {
        terms: { price: params.price, amount: params.amount, total, fee, proceeds: total - fee },
        failure: null,
        fieldErrors: {},
      }
    }),
    setFailure: assign((_, params: RequestFailure) => ({
      failure: params.message,
      fieldErrors: readFieldErrors(params),
    })),
    clear: assign({ terms: null, failure: null, fieldErrors: {} }),
    notifyBalances: emitEvent('balances.changed', (_, params: { balances: Balances }) => ({
      balances: params.balances,
    })),
    notifyOffersChanged: emit({ type: 'offers.changed' } as const),
    announceListed: emit({ type: 'toast.show', message: economyMessages.offerListed } as const),
  },
}).createMachine({
  id: 'sell-offer',
  description:
    'The sell-offer form: price and amount, checked, then the fee and the terydollars held in escrow shown before the offer is listed.',
  initial: 'editing',
  context: { terms: null, failure: null, fieldErrors: {} },
  states: {
    editing: {
      description: 'The player types the price per terydollar and how many to sell.',
      meta: { requirements: ['REQ-TRADING-2'] },
      on: {
        'offer.review': {
          guard: { type: 'hasWholeTerms', params: ({ event }) => event },
          target: 'previewing',
          actions: { type: 'setTerms', params: ({ event }) => event },
          description: 'The form is valid: the fee and the escrow are worked out for the player.',
          meta: { requirements: ['REQ-TRADING-2'] },
        },
      },
    },
    previewing: {
      description:
        'The preview: the buyer pays the total, the fee comes off it, and the terydollars are held until the offer sells or is cancelled.',
      meta: { requirements: ['REQ-TRADING-2'] },
      on: {
        'offer.submit': {
          target: 'submitting',
          description: 'The player lists the offer.',
          meta: { requirements: ['REQ-TRADING-2'] },
        },
        'offer.edit': { target: 'editing', description: 'The player goes back to change it.' },
      },
    },
    submitting: {
      description: 'Waiting for the server to list the offer and hold its terydollars.',
      invoke: {
        id: 'createOffer',
        src: 'createOffer',
        input: ({ context }) => ({
          price: context.terms?.price ?? 0,
          amount: context.terms?.amount ?? 0,
        }),
        onDone: {
          target: 'listed',
          actions: [
            { type: 'notifyBalances', params: ({ event }) => event.output },
            'notifyOffersChanged',
            'announceListed',
          ],
          description: 'The offer is on the board; its terydollars are in escrow.',
          meta: {
            requirements: ['REQ-TRADING-2', 'REQ-SESSION-8'],
            money: moneyMarks('POST /api/trading', { out: ['terydollars'] }),
          },
        },
        onError: {
          target: 'failed',
          actions: withFailure('setFailure'),
          description: 'The server refused the offer (not enough terydollars, too many open).',
        },
      },
    },
    listed: {
      description: 'The offer was listed.',
      on: {
        'offer.new': {
          target: 'editing',
          actions: 'clear',
          description: 'The player starts another offer.',
        },
      },
    },
    failed: {
      description: 'The offer was refused; the reason shows on the form.',
      on: {
        'offer.submit': {
          target: 'submitting',
          description: 'The player tries to list it again.',
          meta: { requirements: ['REQ-TRADING-2'] },
        },
        'offer.edit': { target: 'editing', description: 'The player changes the offer.' },
      },
    },
  },
})

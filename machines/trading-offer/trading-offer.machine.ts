import { assign, emit, fromPromise, setup } from 'xstate'
import { apiMessages } from '../../contract/messages'
import type { OfferResult, PurchaseResult, TradeEntry } from '../../contract/trading'
import type { Balances, PlayerRef } from '../../contract/user'
import { emitEvent } from '../shared/emit-event'
import { metaTypes, moneyMarks } from '../shared/meta'
import { notProvided } from '../shared/not-provided'
import { withFailure, type RequestFailure } from '../shared/request-failure'
import { economyMessages } from '../../contract/economy-messages'

/** The offer the player acts on, as the board or their own list shows it. */
export type OfferSummary = {
  id: number
  amount: number
  price: number
  total: number
  /** Null for the player's own offers. */
  seller: PlayerRef | null
}

export type TradingOfferContext = {
  offer: OfferSummary | null
  /** The trade of a successful purchase. */
  trade: TradeEntry | null
  /** The Spanish message of a refused buy or cancel. */
  failure: string | null
}

export type TradingOfferEvent =
  | { type: 'offer.buy'; offer: OfferSummary }
  | { type: 'offer.cancel'; offer: OfferSummary }
  | { type: 'offer.confirm' }
  | { type: 'offer.retry' }
  | { type: 'offer.dismiss' }

export type TradingOfferEmitted =
  | { type: 'balances.changed'; balances: Balances }
  /** An offer changed hands or state: the page reloads its lists. */
  | { type: 'offers.changed' }

const buyMoney = moneyMarks('POST /api/trading/buy', { out: ['gems'], in: ['terydollars'] })
const cancelMoney = moneyMarks('DELETE /api/trading', { in: ['terydollars'] })

export const tradingOfferMachine = setup({
  types: {
    context: {} as TradingOfferContext,
    events: {} as TradingOfferEvent,
    emitted: {} as TradingOfferEmitted,
    ...metaTypes,
  },
  actors: {
    buyOffer: fromPromise<PurchaseResult, { offerId: number }>(async () => notProvided('buyOffer')),
    cancelOffer: fromPromise<OfferResult, { offerId: number }>(async () =>
      notProvided('cancelOffer'),
    ),
  },
  guards: {
    isOfferGone: (_, params: RequestFailure) => params.status === 409,
    isShortOfGems: (_, params: RequestFailure) => params.message === apiMessages.notEnoughGems,
    isOwnOffer: (_, params: RequestFailure) => params.message === economyMessages.ownOffer,
  },
  actions: {
    setOffer: assign((_, params: { offer: OfferSummary }) => ({
      offer: params.offer,
      trade: null,
      failure: null,
    })),
    clearOffer: assign({ offer: null, trade: null, failure: null }),
    setTrade: assign((_, params: { trade: TradeEntry }) => ({ trade: params.trade })),
    setFailure: assign((_, params: RequestFailure) => ({ failure: params.message })),
    clearFailure: assign({ failure: null }),
    notifyBalances: emitEvent('balances.changed', (_, params: { balances: Balances }) => ({
      balances: params.balances,
    })),
    notifyOffersChanged: emit({ type: 'offers.changed' } as const),
  },
}).createMachine({
  id: 'trading-offer',
  description:
    'Buying an offer of the trading board (confirm, buy, bought or why not) and cancelling one of the player’s own offers (confirm, cancel, cancelled).',
  initial: 'listed',
  context: { offer: null, trade: null, failure: null },
  states: {
    listed: {
      description:
        'The trading tabs (offers, own offers, history, each paged) are shown; nothing is being bought.',
      meta: { requirements: ['REQ-TRADING-1'] },
      on: {
        'offer.buy': {
          target: 'confirmingBuy',
          actions: { type: 'setOffer', params: ({ event }) => ({ offer: event.offer }) },
          description: 'The player presses COMPRAR on an offer: the confirm-buy modal opens.',
          meta: { requirements: ['REQ-TRADING-3'] },
        },
        'offer.cancel': {
          target: 'confirmingCancel',
          actions: { type: 'setOffer', params: ({ event }) => ({ offer: event.offer }) },
          description: 'The player presses CANCELAR on one of their open offers.',
          meta: { requirements: ['REQ-TRADING-4'] },
        },
      },
    },
    confirmingBuy: {
      description:
        'The confirm-buy modal: the terydollars, the seller and the gems the player will pay.',
      meta: { requirements: ['REQ-TRADING-3'] },
      on: {
        'offer.confirm': {
          target: 'buying',
          description: 'The player confirms the purchase.',
          meta: { requirements: ['REQ-TRADING-3'] },
        },
        'offer.dismiss': {
          target: 'listed',
          actions: 'clearOffer',
          description: 'The player closes the modal without buying.',
        },
      },
    },
    buying: {
      description: 'Waiting for the server to sell the offer to the player.',
      invoke: {
        id: 'buyOffer',
        src: 'buyOffer',
        input: ({ context }) => ({ offerId: context.offer?.id ?? 0 }),
        onDone: {
          target: 'bought',
          actions: [
            { type: 'setTrade', params: ({ event }) => ({ trade: event.output.trade }) },
            { type: 'notifyBalances', params: ({ event }) => event.output },
            'notifyOffersChanged',
          ],
          description:
            'The offer is the player’s: the gems went to the seller, the terydollars came in.',
          meta: { requirements: ['REQ-TRADING-3', 'REQ-SESSION-8'], money: buyMoney },
        },
        onError: [
          {
            guard: withFailure('isOfferGone'),
            target: 'failed.gone',
            actions: [withFailure('setFailure'), 'notifyOffersChanged'],
            description: 'Someone else bought it first (or its seller took it back).',
            meta: { requirements: ['REQ-TRADING-3'] },
          },
          {
            guard: withFailure('isShortOfGems'),
            target: 'failed.notEnoughFunds',
            actions: withFailure('setFailure'),
            description: 'The player’s gems do not cover the price; nothing moved.',
            meta: { requirements: ['REQ-TRADING-3'] },
          },
          {
            guard: withFailure('isOwnOffer'),
            target: 'failed.ownOffer',
            actions: withFailure('setFailure'),
            description: 'The offer is the player’s own: nobody buys from themselves.',
            meta: { requirements: ['REQ-TRADING-3'] },
          },
          {
            target: 'failed.error',
            actions: withFailure('setFailure'),
            description: 'The purchase failed for another reason (no answer, the session ended).',
          },
        ],
      },
    },
    bought: {
      description: 'The purchase went through: what was paid and received is shown.',
      on: {
        'offer.dismiss': {
          target: 'listed',
          actions: 'clearOffer',
          description: 'The player closes the confirmation.',
        },
      },
    },
    failed: {
      description: 'The purchase was refused; the reason is shown in the modal.',
      initial: 'error',
      on: {
        'offer.dismiss': {
          target: 'listed',
          actions: 'clearOffer',
          description: 'The player closes the message.',
        },
      },
      states: {
        gone: { description: 'Sold to someone else: the board no longer shows it.' },
        notEnoughFunds: { description: 'Not enough gems for the price.' },
        ownOffer: { description: 'The player’s own offer.' },
        error: {
          description: 'Another failure; the player may try again.',
          on: {
            'offer.retry': {
              target: '#trading-offer.buying',
              actions: 'clearFailure',
              description: 'The player tries the purchase again.',
              meta: { requirements: ['REQ-TRADING-3'] },
            },
          },
        },
      },
    },
    confirmingCancel: {
      description: 'Asks whether to take the offer off the board; its terydollars come back.',
      meta: { requirements: ['REQ-TRADING-4'] },
      on: {
        'offer.confirm': {
          target: 'cancelling',
          description: 'The player confirms the cancellation.',
          meta: { requirements: ['REQ-TRADING-4'] },
        },
        'offer.dismiss': {
          target: 'listed',
          actions: 'clearOffer',
          description: 'The player keeps the offer on the board.',
        },
      },
    },
    cancelling: {
      description: 'Waiting for the server to cancel the offer.',
      invoke: {
        id: 'cancelOffer',
        src: 'cancelOffer',
        input: ({ context }) => ({ offerId: context.offer?.id ?? 0 }),
        onDone: {
          target: 'cancelled',
          actions: [
            { type: 'notifyBalances', params: ({ event }) => event.output },
            'notifyOffersChanged',
          ],
          description: 'The offer is off the board and its terydollars are back.',
          meta: { requirements: ['REQ-TRADING-4', 'REQ-SESSION-8'], money: cancelMoney },
        },
        onError: [
          {
            guard: withFailure('isOfferGone'),
            target: 'cancelFailed',
            actions: [withFailure('setFailure'), 'notifyOffersChanged'],
            description: 'The offer was sold before it could be cancelled.',
            meta: { requirements: ['REQ-TRADING-4'] },
          },
          {
            target: 'cancelFailed',
            actions: withFailure('setFailure'),
            description: 'The cancellation failed; the reason is shown.',
          },
        ],
      },
    },
    cancelled: {
      description: 'The offer was cancelled.',
      on: {
        'offer.dismiss': {
          target: 'listed',
          actions: 'clearOffer',
          description: 'The player closes the confirmation.',
        },
      },
    },
    cancelFailed: {
      description: 'The cancellation was refused; the reason is shown.',
      on: {
        'offer.retry': {
          target: 'cancelling',
          actions: 'clearFailure',
          description: 'The player tries to cancel again.',
          meta: { requirements: ['REQ-TRADING-4'] },
        },
        'offer.dismiss': {
          target: 'listed',
          actions: 'clearOffer',
          description: 'The player closes the message.',
        },
      },
    },
  },
})

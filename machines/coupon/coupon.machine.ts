import { assign, fromPromise, setup } from 'xstate'
import { couponMessages } from '../../contract/coupons'
import type { Coupon, CouponOffer, CouponResult, CouponState } from '../../contract/coupons'
import type { Balances } from '../../contract/user'
import { emitEvent } from '../shared/emit-event'
import { metaTypes, moneyMarks } from '../shared/meta'
import { notProvided } from '../shared/not-provided'
import { withFailure } from '../shared/request-failure'
import type { RequestFailure } from '../shared/request-failure'

export type CouponContext = {
  /** The express coupon on sale (price, reward, duration, missions). */
  offer: CouponOffer | null
  /** The player's latest coupon, as the last answer left it. */
  coupon: Coupon | null
  /** The player's coupons, newest first. */
  history: Coupon[]
  /** The Spanish message of the last refused call or failed load. */
  error: string | null
}

export type CouponEvent =
  | { type: 'coupon.buy' }
  | { type: 'coupon.confirm' }
  | { type: 'coupon.cancel' }
  | { type: 'coupon.activate' }
  | { type: 'coupon.track' }
  | { type: 'coupon.claim' }
  | { type: 'coupon.retry' }

export type CouponEmitted =
  { type: 'toast.show'; message: string } | { type: 'balances.changed'; balances: Balances }

const statusIs = (state: CouponState, status: Coupon['status']) => state.coupon?.status === status
const lastIs = (coupon: Coupon | null, status: Coupon['status']) => coupon?.status === status

/** The coupon an answer brought, in the history in place of its older self (or first). */
function withCoupon(history: readonly Coupon[], coupon: Coupon): Coupon[] {
  return [coupon, ...history.filter((entry) => entry.id !== coupon.id)]
}

export const couponMachine = setup({
  types: {
    context: {} as CouponContext,
    events: {} as CouponEvent,
    emitted: {} as CouponEmitted,
    ...metaTypes,
  },
  actors: {
    loadCoupon: fromPromise<CouponState>(async () => notProvided('loadCoupon')),
    /** `price`: the price the player confirmed (the server refuses another). */
    buyCoupon: fromPromise<CouponResult, { price: number }>(async () => notProvided('buyCoupon')),
    activateCoupon: fromPromise<CouponResult, { couponId: string }>(async () =>
      notProvided('activateCoupon'),
    ),
    trackCoupon: fromPromise<CouponResult, { couponId: string }>(async () =>
      notProvided('trackCoupon'),
    ),
    claimCoupon: fromPromise<CouponResult, { couponId: string }>(async () =>
      notProvided('claimCoupon'),
    ),
  },
  guards: {
    hasNoCoupon: (_, params: CouponState) => params.coupon === null,
    isPending: (_, params: CouponState) => statusIs(params, 'pending'),
    isActive: (_, params: CouponState) => statusIs(params, 'active'),
    isClaimable: (_, params: CouponState) => statusIs(params, 'claimable'),
    isClaimed: (_, params: CouponState) => statusIs(params, 'claimed'),
    isTrackedClaimable: (_, params: CouponResult) => params.coupon.status === 'claimable',
    isTrackedExpired: (_, params: CouponResult) => params.coupon.status === 'expired',
    wasClaimed: ({ context }) => lastIs(context.coupon, 'claimed'),
    wasExpired: ({ context }) => lastIs(context.coupon, 'expired'),
    isConflict: (_, params: RequestFailure) => params.status === 409,
  },
  actions: {
    setState: assign((_, params: CouponState) => ({
      offer: params.offer,
      coupon: params.coupon,
      history: params.history,
      error: null,
    })),
    setCoupon: assign(({ context }, params: CouponResult) => ({
      coupon: params.coupon,
      history: withCoupon(context.history, params.coupon),
      error: null,
    })),
    setError: assign((_, params: RequestFailure) => ({ error: params.message })),
    clearError: assign({ error: null }),
    toast: emitEvent('toast.show', (_, params: { message: string }) => ({
      message: params.message,
    })),
    updateBalances: emitEvent('balances.changed', (_, params: { balances: Balances }) => ({
      balances: params.balances,
    })),
  },
}).createMachine({
  id: 'coupon',
  description:
    'The express coupon (/expressCoupon): the player buys one after confirming its price; it waits, pending, until they activate it, which starts its time and gives them its missions; the page tracks them; once every mission is claimed in time the coupon is claimable and its reward is claimed once. A coupon whose time runs out first expires. After a coupon ends the player may buy another.',
  initial: 'loading',
  context: { offer: null, coupon: null, history: [], error: null },
  states: {
    loading: {
      description: "Asking for the coupon on sale and the player's coupons.",
      invoke: {
        id: 'loadCoupon',
        src: 'loadCoupon',
        onDone: [
          {
            guard: { type: 'hasNoCoupon', params: ({ event }) => event.output },
            target: 'none',
            actions: { type: 'setState', params: ({ event }) => event.output },
            description: 'The player never bought a coupon: the offer shows.',
            meta: { requirements: ['REQ-COUPON-1'] },
          },
          {
            guard: { type: 'isPending', params: ({ event }) => event.output },
            target: 'pending',
            actions: { type: 'setState', params: ({ event }) => event.output },
            description: 'The latest coupon was bought and waits to be activated.',
            meta: { requirements: ['REQ-COUPON-2'] },
          },
          {
            guard: { type: 'isActive', params: ({ event }) => event.output },
            target: 'active',
            actions: { type: 'setState', params: ({ event }) => event.output },
            description: 'The latest coupon runs: its missions and time left show.',
            meta: { requirements: ['REQ-COUPON-3'] },
          },
          {
            guard: { type: 'isClaimable', params: ({ event }) => event.output },
            target: 'claimable',
            actions: { type: 'setState', params: ({ event }) => event.output },
            description: 'Every mission of the latest coupon was claimed in time.',
            meta: { requirements: ['REQ-COUPON-4'] },
          },
          {
            guard: { type: 'isClaimed', params: ({ event }) => event.output },
            target: 'claimed',
            actions: { type: 'setState', params: ({ event }) => event.output },
            description: 'The latest coupon was claimed: the player may buy another.',
          },
          {
            target: 'expired',
            actions: { type: 'setState', params: ({ event }) => event.output },
            description: 'The latest coupon expired before its missions were done.',
            meta: { requirements: ['REQ-COUPON-5'] },
          },
        ],
        onError: {
          target: 'failed',
          actions: withFailure('setError'),
          description: 'The coupon could not be loaded.',
          meta: { requirements: ['REQ-LIST-2'] },
        },
      },
    },
    failed: {
      description: 'The coupon could not be loaded; the message and a retry show.',
      on: {
        'coupon.retry': {
          target: 'loading',
          description: 'The player tries again.',
          meta: { requirements: ['REQ-LIST-2'] },
        },
      },
    },
    none: {
      description: 'The offer: price, reward, duration and the missions a coupon activates.',
      meta: { requirements: ['REQ-COUPON-1'] },
      on: {
        'coupon.buy': {
          target: 'confirming',
          actions: 'clearError',
          description: 'The player presses COMPRAR CUPÓN.',
          meta: { requirements: ['REQ-COUPON-1'] },
        },
      },
    },
    confirming: {
      description: 'The player is asked to confirm paying the price.',
      on: {
        'coupon.confirm': {
          target: 'buying',
          description: 'The player confirms.',
          meta: { requirements: ['REQ-COUPON-1'] },
        },
        'coupon.cancel': [
          {
            guard: 'wasClaimed',
            target: 'claimed',
            description: 'The player changes their mind (their last coupon was claimed).',
          },
          {
            guard: 'wasExpired',
            target: 'expired',
            description: 'The player changes their mind (their last coupon expired).',
          },
          { target: 'none', description: 'The player changes their mind.' },
        ],
      },
    },
    buying: {
      description: 'Buying the coupon; the price is paid with it.',
      invoke: {
        id: 'buyCoupon',
        src: 'buyCoupon',
        input: ({ context }) => ({ price: context.offer?.price.amount ?? 0 }),
        onDone: {
          target: 'pending',
          actions: [
            { type: 'setCoupon', params: ({ event }) => event.output },
            { type: 'updateBalances', params: ({ event }) => event.output },
            { type: 'toast', params: { message: couponMessages.bought } },
          ],
          description: 'The coupon is bought, pending; the header shows the balance after paying.',
          meta: {
            requirements: ['REQ-COUPON-1', 'REQ-COUPON-2'],
            money: moneyMarks('POST /api/coupon/buy', { out: ['terydollars'] }),
          },
        },
        onError: [
          {
            guard: withFailure('isConflict'),
            target: 'loading',
            actions: withFailure('toast'),
            description:
              'The price changed or another coupon is open (another tab): say why and show what holds now.',
          },
          {
            guard: 'wasClaimed',
            target: 'claimed',
            actions: withFailure('setError'),
            description:
              'The purchase was refused (not enough terydollars, no answer); nothing was paid.',
            meta: { requirements: ['REQ-COUPON-1'] },
          },
          {
            guard: 'wasExpired',
            target: 'expired',
            actions: withFailure('setError'),
            description:
              'The purchase was refused (not enough terydollars, no answer); nothing was paid.',
            meta: { requirements: ['REQ-COUPON-1'] },
          },
          {
            target: 'none',
            actions: withFailure('setError'),
            description:
              'The purchase was refused (not enough terydollars, no answer); nothing was paid.',
            meta: { requirements: ['REQ-COUPON-1'] },
          },
        ],
      },
    },
    pending: {
      description: 'The coupon is bought; its time starts when the player activates it.',
      meta: { requirements: ['REQ-COUPON-2'] },
      on: {
        'coupon.activate': {
          target: 'activating',
          actions: 'clearError',
          description: 'The player presses ACTIVAR CUPÓN.',
          meta: { requirements: ['REQ-COUPON-2'] },
        },
      },
    },
    activating: {
      description: "Activating the coupon: its time starts and its missions become the player's.",
      invoke: {
        id: 'activateCoupon',
        src: 'activateCoupon',
        input: ({ context }) => ({ couponId: context.coupon?.id ?? '' }),
        onDone: {
          target: 'active',
          actions: [
            { type: 'setCoupon', params: ({ event }) => event.output },
            { type: 'toast', params: { message: couponMessages.activated } },
          ],
          description: 'The coupon is active: its missions show with the time left.',
          meta: { requirements: ['REQ-COUPON-2', 'REQ-COUPON-3'] },
        },
        onError: [
          {
            guard: withFailure('isConflict'),
            target: 'loading',
            actions: withFailure('toast'),
            description: 'It was activated already (another tab): show it as it is.',
          },
          {
            target: 'pending',
            actions: withFailure('setError'),
            description: 'It could not be activated (no answer); it is still pending.',
          },
        ],
      },
    },
    active: {
      description:
        'The coupon runs: its status, time left and missions, each with where the player is on it.',
      meta: { requirements: ['REQ-COUPON-3'] },
      on: {
        'coupon.track': {
          target: 'tracking',
          actions: 'clearError',
          description: 'The player presses ACTUALIZAR to follow their missions.',
          meta: { requirements: ['REQ-COUPON-3'] },
        },
      },
    },
    tracking: {
      description: "Checking the coupon's pending missions.",
      invoke: {
        id: 'trackCoupon',
        src: 'trackCoupon',
        input: ({ context }) => ({ couponId: context.coupon?.id ?? '' }),
        onDone: [
          {
            guard: { type: 'isTrackedClaimable', params: ({ event }) => event.output },
            target: 'claimable',
            actions: { type: 'setCoupon', params: ({ event }) => event.output },
            description: 'Every mission was claimed in time: the reward can be claimed.',
            meta: { requirements: ['REQ-COUPON-4'] },
          },
          {
            guard: { type: 'isTrackedExpired', params: ({ event }) => event.output },
            target: 'expired',
            actions: { type: 'setCoupon', params: ({ event }) => event.output },
            description: 'The time ran out before every mission was claimed.',
            meta: { requirements: ['REQ-COUPON-5'] },
          },
          {
            target: 'active',
            actions: { type: 'setCoupon', params: ({ event }) => event.output },
            description: 'Missions are still to be done: the tracking shows which.',
            meta: { requirements: ['REQ-COUPON-3'] },
          },
        ],
        onError: {
          target: 'active',
          actions: withFailure('setError'),
          description: 'The tracking could not be updated; the message shows.',
        },
      },
    },
    claimable: {
      description: "Every mission was claimed in time: the coupon's reward waits with RECLAMAR.",
      meta: { requirements: ['REQ-COUPON-4'] },
      on: {
        'coupon.claim': {
          target: 'claiming',
          actions: 'clearError',
          description: 'The player presses RECLAMAR CUPÓN.',
          meta: { requirements: ['REQ-COUPON-4'] },
        },
      },
    },
    claiming: {
      description: "Claiming the coupon's reward.",
      invoke: {
        id: 'claimCoupon',
        src: 'claimCoupon',
        input: ({ context }) => ({ couponId: context.coupon?.id ?? '' }),
        onDone: {
          target: 'claimed',
          actions: [
            { type: 'setCoupon', params: ({ event }) => event.output },
            { type: 'updateBalances', params: ({ event }) => event.output },
            { type: 'toast', params: { message: couponMessages.claimed } },
          ],
          description: 'The reward is paid, once; the header shows the new balance.',
          meta: {
            requirements: ['REQ-COUPON-4'],
            money: moneyMarks('POST /api/coupon/claim', { in: ['gems'] }),
          },
        },
        onError: [
          {
            guard: withFailure('isConflict'),
            target: 'loading',
            actions: withFailure('toast'),
            description: 'It was claimed already (another tab): say so and show it as it is.',
          },
          {
            target: 'claimable',
            actions: withFailure('setError'),
            description: 'The claim failed (no answer); nothing was paid.',
          },
        ],
      },
    },
    claimed: {
      description: 'The reward was paid: what it was, and the way to buy another coupon.',
      on: {
        'coupon.buy': {
          target: 'confirming',
          actions: 'clearError',
          description: 'The player buys another coupon.',
          meta: { requirements: ['REQ-COUPON-1'] },
        },
      },
    },
    expired: {
      description:
        'The time ran out before every mission was claimed: no reward; the player may buy another.',
      meta: { requirements: ['REQ-COUPON-5'] },
      on: {
        'coupon.buy': {
          target: 'confirming',
          actions: 'clearError',
          description: 'The player buys another coupon.',
          meta: { requirements: ['REQ-COUPON-1', 'REQ-COUPON-5'] },
        },
      },
    },
  },
})

import { buyCouponBody, couponIdBody, couponMessages, couponResult, couponState } from '../coupons'
import { defineEndpoint, type EndpointError } from '../endpoint'

const notFound: EndpointError = {
  status: 404,
  message: couponMessages.notFound,
  when: 'No coupon of the player has this id (another player’s coupon included).',
}

const notActive: EndpointError = {
  status: 409,
  message: couponMessages.notActive,
  when: 'The coupon is still pending: it was never activated.',
}

export const getCoupon = defineEndpoint({
  method: 'GET',
  path: '/api/coupon',
  summary: "The express coupon on sale and the player's coupons.",
  description:
    '`offer` is the coupon on sale (price, reward, duration, the missions it activates); `coupon` the player’s latest coupon with its status, missions and tracking (null if they never bought one); `history` their coupons, newest first, the latest included. An active coupon whose missions were all claimed in time shows as `claimable`, one whose time ran out first as `expired`.',
  auth: 'session',
  response: couponState,
})

export const buyCoupon = defineEndpoint({
  method: 'POST',
  path: '/api/coupon/buy',
  summary: 'Buys an express coupon, pending until the player activates it.',
  description:
    '`price` is the price the player confirmed. The price moves from the player to `supply` in the same transaction as the coupon (`coupon.buy`). One unfinished (pending, active or claimable) coupon per player.',
  auth: 'session',
  body: buyCouponBody,
  response: couponResult,
  status: 201,
  message: couponMessages.bought,
  errors: [
    {
      status: 409,
      message: couponMessages.priceChanged,
      when: 'The price sent is not the price of the coupon on sale.',
    },
    {
      status: 409,
      message: couponMessages.alreadyOpen,
      when: 'The player holds a pending, active or claimable coupon.',
    },
    {
      status: 400,
      message: couponMessages.notEnough,
      when: 'The player has fewer terydollars than the price.',
    },
  ],
  money: [{ currency: 'terydollars', direction: 'out' }],
})

export const activateCoupon = defineEndpoint({
  method: 'POST',
  path: '/api/coupon/active',
  summary: 'Activates a pending coupon: its time starts and its missions are created.',
  description:
    'The missions are the player’s alone (`owner_id`), taken already (`source` coupon) outside the daily cap, and follow everyone’s missions in their network’s list on /missions. The coupon expires `durationHours` after activation.',
  auth: 'session',
  body: couponIdBody,
  response: couponResult,
  message: couponMessages.activated,
  errors: [
    notFound,
    {
      status: 409,
      message: couponMessages.notPending,
      when: 'The coupon was activated already.',
    },
  ],
})

export const trackCoupon = defineEndpoint({
  method: 'POST',
  path: '/api/coupon/pending',
  summary: 'Tracks a coupon’s pending missions and settles it.',
  description:
    'An active coupon becomes `claimable` once every one of its missions was claimed before it expired, and `expired` when its time ran out first (its unfinished missions then leave the player’s lists); otherwise it stays active. A claimable, claimed or expired coupon is answered as it is.',
  auth: 'session',
  body: couponIdBody,
  response: couponResult,
  message: couponMessages.tracked,
  errors: [notFound, notActive],
})

export const claimCoupon = defineEndpoint({
  method: 'POST',
  path: '/api/coupon/claim',
  summary: 'Claims a completed coupon’s reward, once.',
  description:
    'Pays only when every mission of the coupon was claimed before it expired; the reward moves from `supply` to the player (`coupon.claim`), once however many claims race.',
  auth: 'session',
  body: couponIdBody,
  response: couponResult,
  message: couponMessages.claimed,
  errors: [
    notFound,
    notActive,
    {
      status: 409,
      message: couponMessages.missionsLeft,
      when: 'Some of the coupon’s missions are not claimed yet.',
    },
    {
      status: 409,
      message: couponMessages.expired,
      when: 'The coupon’s time ran out before its missions were claimed.',
    },
    {
      status: 409,
      message: couponMessages.alreadyClaimed,
      when: 'The coupon was claimed already.',
    },
  ],
  money: [{ currency: 'gems', direction: 'in' }],
})

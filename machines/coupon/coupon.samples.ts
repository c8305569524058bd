import type { Coupon, CouponMission, CouponOffer, CouponState } from '../../contract/coupons'
import { defineMachineEntry } from '../shared/machine-entry'
import { sampleFailures } from '../shared/sample-failures'
import { couponMachine } from './coupon.machine'
import * as selectors from './coupon.selectors'

const offer: CouponOffer = {
  price: { currency: 'terydollars', amount: 5 },
  reward: { currency: 'gems', amount: 300 },
  durationHours: 72,
  missions: [
    {
      title: 'Exprés: suscríbete a Tery Express',
      description: 'Entra al canal de Tery Express y pulsa «Suscribirse».',
      network: 2,
      reward: { currency: 'gems', amount: 8 },
    },
    {
      title: 'Exprés: dale me gusta al video del cupón',
      description: 'Mira el video «Cupones exprés en un minuto» y dale me gusta.',
      network: 2,
      reward: { currency: 'gems', amount: 6 },
    },
    {
      title: 'Exprés: comparte el canal con tu equipo',
      description: 'Comparte el canal con un jugador de tu equipo.',
      network: 2,
      reward: { currency: 'gems', amount: 6 },
    },
  ],
}

const missionIds = [
  '7d0c3f5e-2a41-4b8e-9c6d-0e1f2a3b4c01',
  '7d0c3f5e-2a41-4b8e-9c6d-0e1f2a3b4c02',
  '7d0c3f5e-2a41-4b8e-9c6d-0e1f2a3b4c03',
]

function missionsIn(...states: CouponMission['state'][]): CouponMission[] {
  return offer.missions.map((template, index) => ({
    id: missionIds[index] ?? '',
    title: template.title,
    description: template.description,
    network: template.network,
    link: 'https://www.youtube.com/@terygame/express',
    reward: template.reward,
    state: states[index] ?? 'added',
  }))
}

const pending: Coupon = {
  id: '3f6b2d1c-8e4a-4c5b-9a7d-1b2c3d4e5f60',
  status: 'pending',
  price: offer.price,
  reward: offer.reward,
  durationHours: 72,
  boughtAt: '2026-11-25T14:00:00.000Z',
  activatedAt: null,
  expiresAt: null,
  claimedAt: null,
  missions: [],
  progress: { done: 0, total: 3 },
}

const active: Coupon = {
  ...pending,
  status: 'active',
  activatedAt: '2026-11-25T14:05:00.000Z',
  expiresAt: '2026-11-28T14:05:00.000Z',
  missions: missionsIn('claimed', 'claimable', 'added'),
  progress: { done: 1, total: 3 },
}

const claimable: Coupon = {
  ...active,
  status: 'claimable',
  missions: missionsIn('claimed', 'claimed', 'claimed'),
  progress: { done: 3, total: 3 },
}

const claimed: Coupon = { ...claimable, status: 'claimed', claimedAt: '2026-11-26T18:00:00.000Z' }

const expired: Coupon = {
  ...active,
  status: 'expired',
  missions: missionsIn('claimed', 'added', 'added'),
}

/** A player's coupons in each status, for tests of the page too. */
export const sampleCoupons = { pending, active, claimable, claimed, expired }

/** What GET /api/coupon answers for a player whose latest coupon is `coupon` (or who has none). */
export function couponStateWith(coupon: Coupon | null, older: Coupon[] = []): CouponState {
  return { offer, coupon, history: coupon ? [coupon, ...older] : older }
}

export const sampleOffer = offer

const balances = { terycarbons: 2500, gems: 340, voltaCharge: 120, terydollars: 20 }

export const couponEntry = defineMachineEntry(couponMachine, {
  selectors,
  // Drawn whole, the machine is scaled to a third at the docs' width: one diagram per stage.
  diagramParts: {
    choosing: ['none', 'confirming'],
    buying: ['buying'],
    activating: ['pending', 'activating', 'active', 'tracking'],
    // claimed with the states that lead to it: both ends in one part, each label where Mermaid
    // makes room for it, drew 923 px wide.
    claiming: ['claimable', 'claiming', 'claimed'],
    expired: ['expired'],
  },
  events: {
    'coupon.buy': [{ type: 'coupon.buy' }],
    'coupon.confirm': [{ type: 'coupon.confirm' }],
    'coupon.cancel': [{ type: 'coupon.cancel' }],
    'coupon.activate': [{ type: 'coupon.activate' }],
    'coupon.track': [{ type: 'coupon.track' }],
    'coupon.claim': [{ type: 'coupon.claim' }],
    'coupon.retry': [{ type: 'coupon.retry' }],
  },
  outcomes: {
    loadCoupon: {
      done: [
        couponStateWith(null),
        couponStateWith(pending),
        couponStateWith(active),
        couponStateWith(claimable),
        couponStateWith({ ...claimed, id: 'c1aa0000-0000-4000-8000-000000000001' }),
        couponStateWith({ ...expired, id: 'e1aa0000-0000-4000-8000-000000000001' }),
      ],
      error: [sampleFailures.noAnswer],
    },
    buyCoupon: {
      done: [{ coupon: pending, balances }],
      error: [
        {
          status: 409,
          message: 'Ya tienes un cupón sin terminar. Complétalo o reclámalo antes de comprar otro.',
          network: false,
        },
        {
          status: 400,
          message: 'No tienes suficientes terydólares para comprar el cupón',
          network: false,
        },
      ],
    },
    activateCoupon: {
      done: [{ coupon: active, balances }],
      error: [
        { status: 409, message: 'Este cupón ya fue activado', network: false },
        sampleFailures.noAnswer,
      ],
    },
    trackCoupon: {
      done: [
        // One more mission claimed since the page last looked.
        {
          coupon: {
            ...active,
            missions: missionsIn('claimed', 'claimed', 'claimable'),
            progress: { done: 2, total: 3 },
          },
          balances,
        },
        { coupon: active, balances },
        { coupon: claimable, balances },
        { coupon: expired, balances },
      ],
      error: [sampleFailures.noAnswer],
    },
    claimCoupon: {
      done: [{ coupon: claimed, balances: { ...balances, gems: 640 } }],
      error: [
        { status: 409, message: 'Ya reclamaste este cupón', network: false },
        sampleFailures.noAnswer,
      ],
    },
  },
})

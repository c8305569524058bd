import * as v from 'valibot'
import { currencyAmount, isoInstant } from './fields'
import { MISSION_STATES, SOCIAL_NETWORK_TYPES } from './missions'
import { balances } from './user'

/**
 * The express coupons' Spanish messages: their refusals and answers, and their field rules. They
 * live with the area, not in contract/messages.ts, so the entry chunk (which carries that module)
 * does not grow with them.
 */
export const couponMessages = {
  couponId: 'El cupón no es válido',
  price: 'El precio del cupón no es válido',
  bought: '¡Compraste un cupón exprés! Actívalo cuando quieras empezar.',
  activated: '¡Tu cupón está activo! Completa sus misiones antes de que venza.',
  tracked: 'Seguimiento del cupón actualizado',
  claimed: '¡Reclamaste tu cupón exprés!',
  notFound: 'El cupón no existe',
  priceChanged: 'El precio del cupón cambió. Revisa el nuevo precio y vuelve a comprar.',
  notEnough: 'No tienes suficientes terydólares para comprar el cupón',
  alreadyOpen: 'Ya tienes un cupón sin terminar. Complétalo o reclámalo antes de comprar otro.',
  notPending: 'Este cupón ya fue activado',
  notActive: 'Este cupón no está activo',
  missionsLeft: 'Aún te faltan misiones del cupón por reclamar',
  expired: 'Tu cupón venció antes de que completaras sus misiones',
  alreadyClaimed: 'Ya reclamaste este cupón',
} as const

/**
 * Where a coupon is: `pending` bought and waiting to be activated (its time has not started);
 * `active` its missions are the player's and its time runs; `claimable` every mission was claimed
 * in time, its reward waits; `claimed` the reward was paid (once); `expired` its time ran out first.
 */
export const COUPON_STATUSES = ['pending', 'active', 'claimable', 'claimed', 'expired'] as const
export type CouponStatus = (typeof COUPON_STATUSES)[number]

/** A mission a coupon activates, as the rules describe it (and the offer shows before buying). */
export const couponMissionTemplate = v.object({
  title: v.string(),
  description: v.string(),
  /** The social network it is done on (the spec's account types: YouTube 2 ... TikTok 5). */
  network: v.picklist(SOCIAL_NETWORK_TYPES),
  /** What the mission itself pays when claimed on /missions (besides the coupon's reward). */
  reward: currencyAmount,
})
export type CouponMissionTemplate = v.InferOutput<typeof couponMissionTemplate>

/** The express coupon on sale: its price, its reward, how long it runs and its missions. */
export const couponOffer = v.object({
  price: currencyAmount,
  reward: currencyAmount,
  /** Hours from activation to complete every mission. */
  durationHours: v.number(),
  missions: v.array(couponMissionTemplate),
})
export type CouponOffer = v.InferOutput<typeof couponOffer>

/** The coupon's rules as GET /api/config serves them (docs/economy.md, "Express coupons"). */
export const couponRules = v.object({
  ...couponOffer.entries,
  /** Coupons a player may hold unfinished (pending, active or claimable) at once. */
  openPerPlayer: v.number(),
  /** Coupons GET /api/coupon lists, newest first. */
  historySize: v.number(),
})
export type CouponRules = v.InferOutput<typeof couponRules>

/** One of a coupon's missions, with where the player is on it (the coupon's tracking). */
export const couponMission = v.object({
  id: v.string(),
  title: v.string(),
  description: v.string(),
  network: v.picklist(SOCIAL_NETWORK_TYPES),
  link: v.string(),
  reward: currencyAmount,
  /** `added` to do, `claimable` confirmed by the network, `claimed` done. */
  state: v.picklist(MISSION_STATES),
})
export type CouponMission = v.InferOutput<typeof couponMission>

export const coupon = v.object({
  id: v.string(),
  status: v.picklist(COUPON_STATUSES),
  /** What was paid and what claiming pays: the terms of the day it was bought. */
  price: currencyAmount,
  reward: currencyAmount,
  durationHours: v.number(),
  boughtAt: isoInstant,
  activatedAt: v.nullable(isoInstant),
  /** Until when its missions count (activation plus its duration); null while pending. */
  expiresAt: v.nullable(isoInstant),
  claimedAt: v.nullable(isoInstant),
  /** Its missions (none while pending: activating creates them). */
  missions: v.array(couponMission),
  /** Missions claimed in time, of how many. */
  progress: v.object({ done: v.number(), total: v.number() }),
})
export type Coupon = v.InferOutput<typeof coupon>

/** data of GET /api/coupon: the offer, the player's latest coupon and their coupon history. */
export const couponState = v.object({
  offer: couponOffer,
  /** The player's latest coupon (whatever its status), or null if they never bought one. */
  coupon: v.nullable(coupon),
  /** The player's coupons, newest first, the latest included. */
  history: v.array(coupon),
})
export type CouponState = v.InferOutput<typeof couponState>

/** POST /api/coupon/buy: the price the player confirmed, in the price's currency. */
export const buyCouponBody = v.object({
  price: v.pipe(
    v.number(couponMessages.price),
    v.integer(couponMessages.price),
    v.minValue(1, couponMessages.price),
    v.maxValue(1_000_000, couponMessages.price),
  ),
})
export type BuyCouponBody = v.InferOutput<typeof buyCouponBody>

/** POST /api/coupon/active, /pending and /claim: the player's coupon they act on. */
export const couponIdBody = v.object({
  couponId: v.pipe(v.string(couponMessages.couponId), v.uuid(couponMessages.couponId)),
})
export type CouponIdBody = v.InferOutput<typeof couponIdBody>

/** data of the coupon's POSTs: the coupon as it stands after the call, and the balances. */
export const couponResult = v.object({ coupon, balances })
export type CouponResult = v.InferOutput<typeof couponResult>

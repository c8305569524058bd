import { request } from './http'
import type { CouponResult, CouponState } from '../../contract/coupons'

/** GET /api/coupon: the coupon on sale, the player's latest coupon and their history. */
export function getCoupon(): Promise<CouponState> {
  return request<CouponState>('/api/coupon')
}

/** POST /api/coupon/buy: buys a coupon at the price the player confirmed. */
export function buyCoupon(price: number): Promise<CouponResult> {
  return request<CouponResult>('/api/coupon/buy', { method: 'POST', body: { price } })
}

/** POST /api/coupon/active: activates the pending coupon (its time and missions start). */
export function activateCoupon(couponId: string): Promise<CouponResult> {
  return request<CouponResult>('/api/coupon/active', { method: 'POST', body: { couponId } })
}

/** POST /api/coupon/pending: the coupon's tracking, settled (claimable or expired when due). */
export function trackCoupon(couponId: string): Promise<CouponResult> {
  return request<CouponResult>('/api/coupon/pending', { method: 'POST', body: { couponId } })
}

/** POST /api/coupon/claim: claims the completed coupon's reward, once. */
export function claimCoupon(couponId: string): Promise<CouponResult> {
  return request<CouponResult>('/api/coupon/claim', { method: 'POST', body: { couponId } })
}

import type { SnapshotFrom } from 'xstate'
import type { Coupon, CouponOffer } from '../../contract/coupons'
import type { couponMachine } from './coupon.machine'

export type CouponSnapshot = SnapshotFrom<typeof couponMachine>

/** Where the player is with their express coupon, as the page shows it. */
export type CouponStep =
  | 'loading'
  | 'failed'
  | 'none'
  | 'confirming'
  | 'buying'
  | 'pending'
  | 'activating'
  | 'active'
  | 'tracking'
  | 'claimable'
  | 'claiming'
  | 'claimed'
  | 'expired'

const steps: readonly CouponStep[] = [
  'loading',
  'failed',
  'none',
  'confirming',
  'buying',
  'pending',
  'activating',
  'active',
  'tracking',
  'claimable',
  'claiming',
  'claimed',
  'expired',
]

export function selectCouponStep(snapshot: CouponSnapshot): CouponStep {
  return steps.find((step) => snapshot.matches(step)) ?? 'loading'
}

/** The coupon on sale, once loaded. */
export function selectOffer(snapshot: CouponSnapshot): CouponOffer | null {
  return snapshot.context.offer
}

/** The player's latest coupon: the one the page follows (kept while a call runs). */
export function selectCoupon(snapshot: CouponSnapshot): Coupon | null {
  return snapshot.context.coupon
}

/** The player's coupons, newest first. */
export function selectHistory(snapshot: CouponSnapshot): readonly Coupon[] {
  return snapshot.context.history
}

/** Whether the offer may be bought from here: no unfinished coupon, or the purchase under way. */
export function selectCanBuy(snapshot: CouponSnapshot): boolean {
  return ['none', 'confirming', 'buying', 'claimed', 'expired'].includes(selectCouponStep(snapshot))
}

/** The Spanish message of what failed last, where the page shows it. */
export function selectCouponError(snapshot: CouponSnapshot): string | null {
  const step = selectCouponStep(snapshot)
  return ['failed', 'none', 'claimed', 'expired', 'pending', 'active', 'claimable'].includes(step)
    ? snapshot.context.error
    : null
}

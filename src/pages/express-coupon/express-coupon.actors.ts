import { fromPromise } from 'xstate'
import type { couponMachine } from '../../../machines/coupon/coupon.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import { activateCoupon, buyCoupon, claimCoupon, getCoupon, trackCoupon } from '../../api/coupon'

/** The express coupon's I/O: the offer and the player's coupons, and the four actions. */
export const couponActors: MachineActors<typeof couponMachine> = {
  loadCoupon: fromPromise(() => getCoupon()),
  buyCoupon: fromPromise(({ input }) => buyCoupon(input.price)),
  activateCoupon: fromPromise(({ input }) => activateCoupon(input.couponId)),
  trackCoupon: fromPromise(({ input }) => trackCoupon(input.couponId)),
  claimCoupon: fromPromise(({ input }) => claimCoupon(input.couponId)),
}

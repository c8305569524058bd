import { fromPromise } from 'xstate'
import type { couponMachine } from '../../../machines/coupon/coupon.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import * as coupon from '../../../contract/endpoints/coupon'
import { call } from '../../api/http'

/** The express coupon's I/O: the offer and the player's coupons, and the four actions. */
export const couponActors: MachineActors<typeof couponMachine> = {
  loadCoupon: fromPromise(() => call(coupon.getCoupon)),
  buyCoupon: fromPromise(({ input }) => call(coupon.buyCoupon, { body: input })),
  activateCoupon: fromPromise(({ input }) => call(coupon.activateCoupon, { body: input })),
  trackCoupon: fromPromise(({ input }) => call(coupon.trackCoupon, { body: input })),
  claimCoupon: fromPromise(({ input }) => call(coupon.claimCoupon, { body: input })),
}

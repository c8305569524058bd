import { Hono } from 'hono'
import * as coupon from '../../../contract/endpoints/coupon'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import type { AppEnv } from '../../http/request-context'
import {
  activateCoupon,
  buyCoupon,
  claimCoupon,
  getCouponState,
  trackCoupon,
} from '../../services/coupons'

/** Express coupons: the offer and the player's coupons, buying, activating, tracking, claiming. */
export function couponRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .get(...endpoint(coupon.getCoupon), async (c) =>
      reply(c, await getCouponState(db, c.var.user.id, now())),
    )
    .post(...endpoint(coupon.buyCoupon), idempotent(db), async (c) =>
      reply(c, await buyCoupon(c.var.db, c.var.user.id, c.req.valid('json').price, now())),
    )
    .post(...endpoint(coupon.activateCoupon), async (c) =>
      reply(c, await activateCoupon(db, c.var.user.id, c.req.valid('json').couponId, now())),
    )
    .post(...endpoint(coupon.trackCoupon), async (c) =>
      reply(c, await trackCoupon(db, c.var.user.id, c.req.valid('json').couponId, now())),
    )
    .post(...endpoint(coupon.claimCoupon), idempotent(db), async (c) =>
      reply(c, await claimCoupon(c.var.db, c.var.user.id, c.req.valid('json').couponId, now())),
    )
}

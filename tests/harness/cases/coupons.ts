import { and, eq } from 'drizzle-orm'
import type { CouponResult } from '../../../contract/coupons'
import { missionAssignments } from '../../../server/db/schema'
import { COUPON_RULES } from '../../../server/services/rules'
import { fund } from '../../server/support/players'
import { expectOk, type Player } from '../api'
import type { CaseContext, EndpointCase } from '../endpoint-cases'

/*
 * Express coupons: one case per endpoint (tests/harness/endpoint-cases.ts). Setup goes through the
 * API as the player: buying (with terydollars an operator sold them, from the supply through the
 * ledger), activating, claiming the coupon's missions. The database is used only for what the
 * network does: confirming the player's action on each mission.
 *
 * The coupon's id names something a player owns: another player's coupon is refused (404) and
 * nothing changes.
 */

const price = COUPON_RULES.price

/** A coupon `player` bought through the API: pending until activated. */
async function boughtCoupon(ctx: CaseContext, player: Player) {
  await fund(ctx, player.id, { [price.currency]: price.amount })
  const bought = expectOk(
    await ctx.api<CouponResult>('/api/coupon/buy', {
      body: { price: price.amount },
      cookie: player.cookie,
    }),
    'POST /api/coupon/buy',
  )
  return bought.body.data.coupon
}

/** A coupon `player` bought and activated: its missions are theirs, taken, not done yet. */
async function activeCoupon(ctx: CaseContext, player: Player) {
  const { id } = await boughtCoupon(ctx, player)
  const activated = expectOk(
    await ctx.api<CouponResult>('/api/coupon/active', {
      body: { couponId: id },
      cookie: player.cookie,
    }),
    'POST /api/coupon/active',
  )
  return activated.body.data.coupon
}

/** An active coupon whose missions the network confirmed and `player` claimed: claimable. */
async function completedCoupon(ctx: CaseContext, player: Player) {
  const coupon = await activeCoupon(ctx, player)
  for (const mission of coupon.missions) {
    await ctx.db
      .update(missionAssignments)
      .set({ state: 'claimable' })
      .where(
        and(eq(missionAssignments.userId, player.id), eq(missionAssignments.missionId, mission.id)),
      )
    expectOk(
      await ctx.api('/api/mission/claim', {
        body: { missionId: mission.id },
        cookie: player.cookie,
      }),
      'POST /api/mission/claim',
    )
  }
  return coupon
}

export const couponCases: Readonly<Record<string, EndpointCase>> = {
  'GET /api/coupon': {
    sample: async (ctx) => {
      await activeCoupon(ctx, ctx.caller)
      return { path: '/api/coupon', cookie: ctx.caller.cookie }
    },
    owned: 'none',
  },
  'POST /api/coupon/buy': {
    sample: async ({ db, caller }) => {
      await fund({ db }, caller.id, { [price.currency]: price.amount })
      return { path: '/api/coupon/buy', body: { price: price.amount }, cookie: caller.cookie }
    },
    owned: 'none',
  },
  'POST /api/coupon/active': {
    sample: async (ctx) => {
      const coupon = await boughtCoupon(ctx, ctx.owner)
      return {
        path: '/api/coupon/active',
        body: { couponId: coupon.id },
        cookie: ctx.caller.cookie,
      }
    },
    owned: ['couponId'],
  },
  'POST /api/coupon/pending': {
    sample: async (ctx) => {
      const coupon = await activeCoupon(ctx, ctx.owner)
      return {
        path: '/api/coupon/pending',
        body: { couponId: coupon.id },
        cookie: ctx.caller.cookie,
      }
    },
    owned: ['couponId'],
  },
  'POST /api/coupon/claim': {
    sample: async (ctx) => {
      const coupon = await completedCoupon(ctx, ctx.owner)
      return { path: '/api/coupon/claim', body: { couponId: coupon.id }, cookie: ctx.caller.cookie }
    },
    owned: ['couponId'],
  },
}

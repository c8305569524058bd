import { checkMission, claimMission } from '../../services/missions'
import { activateCoupon, buyCoupon, claimCoupon, trackCoupon } from '../../services/coupons'
import { COUPON_RULES } from '../../services/rules'
import { localSocialProvider } from '../../services/social-provider'
import type { UserRow } from '../../services/auth'
import { eq, sql } from 'drizzle-orm'
import { instantSql, type Db } from '../client'
import { users } from '../schema'
import { backdateNotifications, lastNotification } from './notifications'
import type { DemoWorld } from './players'
import { startOfBogotaDay } from '../../services/bogota-time'

const MINUTE_MS = 60_000
const minutesAgo = (now: Date, minutes: number) => new Date(now.getTime() - minutes * MINUTE_MS)

/** A coupon mission checked with the (local) network and claimed, through the services. */
async function completeMission(db: Db, player: UserRow, missionId: string, at: Date) {
  await checkMission(db, player.id, missionId, at, localSocialProvider)
  await claimMission(db, player, missionId, at)
}

/**
 * The demo player's coupon history, through the services as a player would make it (so the
 * price and the rewards are ledger transfers): yesterday's coupon (yesterday in Bogota, from 18:00:
 * the missions claimed today stay in today's lists, so yesterday's must be claimed before today
 * began), its three missions done and its reward claimed; and today's, active with one of its
 * three missions done and two to go. Runs after seed/missions.ts, which verifies the demo
 * player's YouTube account two days back.
 */
export async function seedCoupons(db: Db, { demo }: DemoWorld, now: Date): Promise<void> {
  const price = COUPON_RULES.price.amount
  const before = await lastNotification(db, demo.id)
  const yesterday = (minutes: number) =>
    new Date(startOfBogotaDay(now).getTime() - 6 * 60 * MINUTE_MS + minutes * MINUTE_MS)
  const done = await buyCoupon(db, demo.id, price, yesterday(0))
  const activated = await activateCoupon(db, demo.id, done.coupon.id, yesterday(5))
  for (const mission of activated.coupon.missions) {
    await completeMission(db, demo, mission.id, yesterday(60))
  }
  // The missions seed played today before this plays yesterday: the first play was this one.
  await db
    .update(users)
    .set({ firstPlayedAt: sql`least(${users.firstPlayedAt}, ${instantSql(yesterday(60))})` })
    .where(eq(users.id, demo.id))
  await trackCoupon(db, demo.id, done.coupon.id, yesterday(65))
  await claimCoupon(db, demo.id, done.coupon.id, yesterday(120))
  await backdateNotifications(db, demo.id, before, yesterday(120))
  const beforeToday = await lastNotification(db, demo.id)

  const today = await buyCoupon(db, demo.id, price, minutesAgo(now, 180))
  const active = await activateCoupon(db, demo.id, today.coupon.id, minutesAgo(now, 178))
  const [first] = active.coupon.missions
  if (!first) throw new Error('The coupon activated no mission')
  await completeMission(db, demo, first.id, minutesAgo(now, 120))
  await backdateNotifications(db, demo.id, beforeToday, minutesAgo(now, 120))
}

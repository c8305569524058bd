import { and, asc, desc, eq, inArray, lte, ne, sql, type SQL } from 'drizzle-orm'
import type { Currency, CurrencyAmount } from '../../contract/currencies'
import {
  couponMessages,
  type Coupon,
  type CouponMission,
  type CouponResult,
  type CouponState,
  type CouponStatus,
} from '../../contract/coupons'
import type { MissionState, SocialNetworkType } from '../../contract/missions'
import type { Db, Tx } from '../db/client'
import { queueLiveEvent } from '../db/live-outbox'
import { couponMissions, coupons, missionAssignments, missions } from '../db/schema'
import { claimOnce, inTransaction } from './atomic'
import { DomainError } from './errors'
import { getBalances, InsufficientFundsError, transfer } from './ledger'
import { notify } from './notifications'
import { COUPON_RULES, couponRulesOf } from './rules'

/*
 * Express coupons (docs/economy.md, "Express coupons"). Every change of a coupon's state is one
 * conditional update whose WHERE states the state it expects, so concurrent calls never pay twice
 * or open two coupons: buying inserts into a partial unique index (one unfinished coupon per
 * player), claiming is `claimOnce` on a coupon whose missions were all claimed in time.
 */

type CouponRow = typeof coupons.$inferSelect

const HOUR_MS = 60 * 60 * 1000

/** Where a coupon's missions sit in their network's list: after everyone's (seeded from 0). */
const COUPON_MISSION_POSITION = 1000

/**
 * True for a coupon row (in a query on `coupons`) whose missions were all claimed by its player
 * before it expired: what makes it claimable.
 */
const allMissionsDoneInTime = sql`(
  exists (select 1 from ${couponMissions} where ${couponMissions.couponId} = ${coupons.id})
  and not exists (
    select 1 from ${couponMissions}
    left join ${missionAssignments}
      on ${missionAssignments.missionId} = ${couponMissions.missionId}
      and ${missionAssignments.userId} = ${coupons.userId}
    where ${couponMissions.couponId} = ${coupons.id}
      and (${missionAssignments.state} is distinct from 'claimed'
        or ${missionAssignments.claimedAt} > ${coupons.expiresAt})
  )
)`

function amountOf(currency: string, amount: number): CurrencyAmount {
  return { currency: currency as Currency, amount }
}

/** "300 gemas": a currency amount in a notification's words. */
function words({ currency, amount }: CurrencyAmount): string {
  const names: Record<Currency, string> = {
    terycarbons: 'terycarbonos',
    gems: 'gemas',
    voltaCharge: 'de carga volta',
    terydollars: 'terydólares',
  }
  return `${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, '.')} ${names[currency]}`
}

/**
 * Settles the active coupons (those `where` selects) whose time ran out: claimable when every
 * mission was claimed in time, otherwise expired. An expired coupon's unfinished missions leave
 * the player's lists: their missions are switched off and their unclaimed assignments removed.
 * Run by the hourly job for everyone, and for one player before they buy or track.
 */
export async function settleLapsedCoupons(tx: Tx, now: Date, where?: SQL): Promise<number> {
  const lapsed = and(eq(coupons.state, 'active'), lte(coupons.expiresAt, now), where)
  const claimable = await tx
    .update(coupons)
    .set({ state: 'claimable' })
    .where(and(lapsed, allMissionsDoneInTime))
    .returning({ id: coupons.id, userId: coupons.userId })
  const expired = await tx
    .update(coupons)
    .set({ state: 'expired' })
    .where(and(lapsed, sql`not ${allMissionsDoneInTime}`))
    .returning({ id: coupons.id, userId: coupons.userId })
  for (const [settled, state] of [
    [claimable, 'claimable'],
    [expired, 'expired'],
  ] as const) {
    for (const coupon of settled) {
      queueLiveEvent(tx, coupon.userId, {
        type: 'coupon.settled',
        data: { couponId: coupon.id, state },
      })
    }
  }
  if (expired.length === 0) return 0
  const missionIds = tx
    .select({ id: couponMissions.missionId })
    .from(couponMissions)
    .where(
      inArray(
        couponMissions.couponId,
        expired.map((row) => row.id),
      ),
    )
  await tx
    .delete(missionAssignments)
    .where(
      and(
        inArray(missionAssignments.missionId, missionIds),
        ne(missionAssignments.state, 'claimed'),
      ),
    )
  await tx.update(missions).set({ active: false }).where(inArray(missions.id, missionIds))
  return expired.length
}

/** A coupon's mission as shown, with when its player claimed it (the tracking counts it). */
type TrackedMission = { shown: CouponMission; state: MissionState; claimedAt: Date | null }

/** A coupon's missions with where its player is on each, by coupon. */
async function missionsOf(db: Db, rows: CouponRow[]): Promise<Map<string, TrackedMission[]>> {
  const byCoupon = new Map<string, TrackedMission[]>(rows.map((row) => [row.id, []]))
  if (rows.length === 0) return byCoupon
  const found = await db
    .select({
      couponId: couponMissions.couponId,
      mission: missions,
      state: missionAssignments.state,
      claimedAt: missionAssignments.claimedAt,
    })
    .from(couponMissions)
    .innerJoin(missions, eq(missions.id, couponMissions.missionId))
    .innerJoin(coupons, eq(coupons.id, couponMissions.couponId))
    .leftJoin(
      missionAssignments,
      and(
        eq(missionAssignments.missionId, couponMissions.missionId),
        eq(missionAssignments.userId, coupons.userId),
      ),
    )
    .where(
      inArray(
        couponMissions.couponId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(couponMissions.position))
  for (const row of found) {
    const state = (row.state as MissionState | null) ?? 'pending'
    byCoupon.get(row.couponId)?.push({
      shown: {
        id: row.mission.id,
        title: row.mission.title,
        description: row.mission.description,
        network: row.mission.network as SocialNetworkType,
        link: row.mission.link ?? '',
        reward: { currency: 'gems', amount: row.mission.reward },
        state,
      },
      state,
      claimedAt: row.claimedAt,
    })
  }
  return byCoupon
}

/** How many of a coupon's missions were claimed before it expired, of how many. */
function progressOf(row: CouponRow, list: readonly TrackedMission[]) {
  const done = list.filter(
    ({ state, claimedAt }) =>
      state === 'claimed' && claimedAt && row.expiresAt && claimedAt <= row.expiresAt,
  ).length
  return { done, total: row.state === 'pending' ? COUPON_RULES.missions.length : list.length }
}

/** What a coupon shows: its stored state, read against the clock for an active one. */
function statusOf(row: CouponRow, progress: { done: number; total: number }, now: Date) {
  if (row.state !== 'active') return row.state as CouponStatus
  if (progress.total > 0 && progress.done === progress.total) return 'claimable'
  return row.expiresAt && row.expiresAt <= now ? 'expired' : 'active'
}

/** The coupons as the API shows them, with their missions and tracking. */
async function toCoupons(db: Db, rows: CouponRow[], now: Date): Promise<Coupon[]> {
  const byCoupon = await missionsOf(db, rows)
  return rows.map((row) => {
    const list = byCoupon.get(row.id) ?? []
    const progress = progressOf(row, list)
    return {
      id: row.id,
      status: statusOf(row, progress, now),
      price: amountOf(row.priceCurrency, row.priceAmount),
      reward: amountOf(row.rewardCurrency, row.rewardAmount),
      durationHours: row.durationHours,
      boughtAt: row.boughtAt.toISOString(),
      activatedAt: row.activatedAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      claimedAt: row.claimedAt?.toISOString() ?? null,
      missions: list.map((mission) => mission.shown),
      progress,
    }
  })
}

async function couponView(db: Db, id: string, now: Date): Promise<Coupon> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id))
  if (!row) throw new Error(`Coupon ${id} vanished`)
  const [view] = await toCoupons(db, [row], now)
  if (!view) throw new Error(`Coupon ${id} has no view`)
  return view
}

async function result(db: Db, userId: string, id: string, now: Date): Promise<CouponResult> {
  return { coupon: await couponView(db, id, now), balances: await getBalances(db, userId) }
}

/** GET /api/coupon: the offer, the player's latest coupon and their history, newest first. */
export async function getCouponState(db: Db, userId: string, now: Date): Promise<CouponState> {
  const rows = await db
    .select()
    .from(coupons)
    .where(eq(coupons.userId, userId))
    .orderBy(desc(coupons.boughtAt), desc(coupons.id))
    .limit(COUPON_RULES.historySize)
  const history = await toCoupons(db, rows, now)
  const { price, reward, durationHours, missions: offered } = couponRulesOf()
  return {
    offer: { price, reward, durationHours, missions: offered },
    coupon: history[0] ?? null,
    history,
  }
}

/**
 * POST /api/coupon/buy: the player buys a coupon at the price they confirmed; it waits, pending,
 * until they activate it. The price moves to `supply` in the same transaction as the coupon.
 */
export async function buyCoupon(
  db: Db,
  userId: string,
  confirmedPrice: number,
  now: Date,
): Promise<CouponResult> {
  const { price, reward, durationHours } = COUPON_RULES
  if (confirmedPrice !== price.amount) throw new DomainError(409, couponMessages.priceChanged)
  const id = await inTransaction(db, async (tx) => {
    // A coupon whose time ran out no longer blocks a purchase (unless it waits to be claimed).
    await settleLapsedCoupons(tx, now, eq(coupons.userId, userId))
    const [bought] = await tx
      .insert(coupons)
      .values({
        userId,
        state: 'pending',
        priceCurrency: price.currency,
        priceAmount: price.amount,
        rewardCurrency: reward.currency,
        rewardAmount: reward.amount,
        durationHours,
        boughtAt: now,
      })
      // The partial unique index allows one unfinished coupon per player: a second is refused.
      .onConflictDoNothing()
      .returning({ id: coupons.id })
    if (!bought) throw new DomainError(409, couponMessages.alreadyOpen)
    try {
      await transfer(tx, {
        at: now,
        currency: price.currency,
        from: { userId },
        to: { system: 'supply' },
        amount: price.amount,
        kind: 'coupon.buy',
        cause: { couponId: bought.id },
        idempotencyKey: `coupon.buy:${bought.id}`,
      })
    } catch (error) {
      if (error instanceof InsufficientFundsError) {
        throw new DomainError(400, couponMessages.notEnough)
      }
      throw error
    }
    return bought.id
  })
  return result(db, userId, id, now)
}

/** The player's coupon, or 404: another player's coupon is as unknown as a made-up id. */
async function ownCoupon(tx: Tx, userId: string, couponId: string): Promise<CouponRow> {
  const [row] = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, couponId), eq(coupons.userId, userId)))
  if (!row) throw new DomainError(404, couponMessages.notFound)
  return row
}

/**
 * POST /api/coupon/active: activates the player's pending coupon: its time starts and its
 * missions are created for the player alone, already taken (source `coupon`), outside the daily
 * cap. They follow everyone's missions in their network's list, in the coupon's order.
 */
export async function activateCoupon(
  db: Db,
  userId: string,
  couponId: string,
  now: Date,
): Promise<CouponResult> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ durationHours: coupons.durationHours })
      .from(coupons)
      .where(and(eq(coupons.id, couponId), eq(coupons.userId, userId)))
    if (!row) throw new DomainError(404, couponMessages.notFound)
    const activated = await claimOnce(
      tx
        .update(coupons)
        .set({
          state: 'active',
          activatedAt: now,
          expiresAt: new Date(now.getTime() + row.durationHours * HOUR_MS),
        })
        .where(
          and(eq(coupons.id, couponId), eq(coupons.userId, userId), eq(coupons.state, 'pending')),
        )
        .returning({ id: coupons.id }),
    )
    if (!activated) throw new DomainError(409, couponMessages.notPending)
    const templates = COUPON_RULES.missions
    const created = await tx
      .insert(missions)
      .values(
        templates.map((template, index) => ({
          type: 'social',
          network: template.network,
          title: template.title,
          description: template.description,
          link: template.link,
          reward: template.reward.amount,
          ownerId: userId,
          position: COUPON_MISSION_POSITION + index,
        })),
      )
      .returning({ id: missions.id })
    await tx
      .insert(couponMissions)
      .values(created.map((mission, position) => ({ couponId, missionId: mission.id, position })))
    await tx.insert(missionAssignments).values(
      created.map((mission) => ({
        missionId: mission.id,
        userId,
        state: 'added',
        source: 'coupon',
        addedAt: now,
      })),
    )
  })
  return result(db, userId, couponId, now)
}

/**
 * POST /api/coupon/pending: the coupon's tracking. Checks its pending missions and settles it:
 * claimable once every mission is claimed in time, expired when its time ran out first; otherwise
 * it stays active. A pending coupon has nothing to track yet (409).
 */
export async function trackCoupon(
  db: Db,
  userId: string,
  couponId: string,
  now: Date,
): Promise<CouponResult> {
  await inTransaction(db, async (tx) => {
    const row = await ownCoupon(tx, userId, couponId)
    if (row.state === 'pending') throw new DomainError(409, couponMessages.notActive)
    if (row.state !== 'active') return
    await tx
      .update(coupons)
      .set({ state: 'claimable' })
      .where(and(eq(coupons.id, couponId), eq(coupons.state, 'active'), allMissionsDoneInTime))
    await settleLapsedCoupons(tx, now, eq(coupons.id, couponId))
  })
  return result(db, userId, couponId, now)
}

/** Why a claim found nothing to claim: the coupon as it stands says. */
async function claimRefusal(tx: Tx, userId: string, couponId: string, now: Date) {
  const row = await ownCoupon(tx, userId, couponId)
  if (row.state === 'claimed') return new DomainError(409, couponMessages.alreadyClaimed)
  if (row.state === 'pending') return new DomainError(409, couponMessages.notActive)
  if (row.state === 'expired' || (row.expiresAt && row.expiresAt <= now)) {
    return new DomainError(409, couponMessages.expired)
  }
  return new DomainError(409, couponMessages.missionsLeft)
}

/**
 * POST /api/coupon/claim: pays the coupon's reward, once. One conditional update takes the coupon
 * from active or claimable to claimed only when every mission was claimed in time, and says who
 * won; the reward moves from `supply` in the same transaction, with the coupon's idempotency key.
 */
export async function claimCoupon(
  db: Db,
  userId: string,
  couponId: string,
  now: Date,
): Promise<CouponResult> {
  await inTransaction(db, async (tx) => {
    const claimed = await claimOnce(
      tx
        .update(coupons)
        .set({ state: 'claimed', claimedAt: now })
        .where(
          and(
            eq(coupons.id, couponId),
            eq(coupons.userId, userId),
            inArray(coupons.state, ['active', 'claimable']),
            allMissionsDoneInTime,
          ),
        )
        .returning(),
    )
    if (!claimed) throw await claimRefusal(tx, userId, couponId, now)
    const reward = amountOf(claimed.rewardCurrency, claimed.rewardAmount)
    await transfer(tx, {
      at: now,
      currency: reward.currency,
      from: { system: 'supply' },
      to: { userId },
      amount: reward.amount,
      kind: 'coupon.claim',
      cause: { couponId },
      idempotencyKey: `coupon.claim:${couponId}`,
    })
    await notify(tx, userId, `Reclamaste tu cupón exprés: +${words(reward)}.`)
  })
  return result(db, userId, couponId, now)
}

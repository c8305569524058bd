import { randomUUID } from 'node:crypto'
import { and, asc, count, desc, eq, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import {
  describeReward,
  needsVerifiedAccount,
  socialNetwork,
  type AddedMission,
  type AddMissionBody,
  type ClaimedMission,
  type ClaimedReward,
  type DailyMissions,
  type Mission,
  type MissionCheck,
  type MissionState,
  type PendingReward,
  type Reward,
  type SocialNetworkType,
  missionMessages,
} from '../../contract/missions'
import { formatCount } from '../../contract/money-text'
import type { Currency } from '../../contract/currencies'
import type { Db, Tx } from '../db/client'
import {
  missionAssignments,
  missionDays,
  missions,
  pendingRewards,
  type TransferCause,
} from '../db/schema'
import type { SessionPlayer } from './auth'
import { claimOnce, inTransaction } from './atomic'
import { bogotaDay, startOfBogotaDay } from './bogota-time'
import { requireDevice } from './devices'
import { DomainError } from './errors'
import { getBalances, transfer } from './ledger'
import { notify } from './notifications'
import { recordFirstPlay } from './referrals'
import { pageOf } from './pages'
import type { Paginated } from '../../contract/pagination'
import { dailyMissionsOf, EARNING_RULES } from './rules'
import { hasVerifiedAccount } from './social-accounts'
import type { SocialProvider } from './social-provider'

type MissionRow = typeof missions.$inferSelect
type AssignmentRow = typeof missionAssignments.$inferSelect

const DAY_MS = 24 * 60 * 60 * 1000

/** Missions a player may see: everyone's, and those activated for them alone (coupons). */
export function visibleTo(userId: string) {
  return and(eq(missions.active, true), or(isNull(missions.ownerId), eq(missions.ownerId, userId)))
}

function toMission(row: MissionRow, assignment: AssignmentRow | null): Mission {
  return {
    id: row.id,
    type: row.network as SocialNetworkType,
    title: row.title,
    description: row.description,
    link: row.link ?? '',
    reward: { kind: 'GEMS', amount: row.reward },
    state: (assignment?.state as MissionState | undefined) ?? 'pending',
    source: assignment?.source === 'coupon' ? 'coupon' : 'player',
  }
}

/**
 * GET /api/mission/available?type&page: the network's missions the player can still do, with
 * where they are on each; a mission claimed today stays on the list (claimed), older ones leave it.
 * The player's own (a coupon's, bought and running against its clock) come first, so the coupon's
 * link to them lands on the first page (COUPON_RULES keeps them within one page).
 */
export async function listAvailable(
  db: Db,
  userId: string,
  network: SocialNetworkType,
  page: number,
  now: Date,
): Promise<Paginated<Mission>> {
  const { offset, limit, paged } = pageOf(page, EARNING_RULES.missionPageSize)
  const where = and(
    eq(missions.type, 'social'),
    eq(missions.network, network),
    visibleTo(userId),
    or(
      isNull(missionAssignments.id),
      ne(missionAssignments.state, 'claimed'),
      gte(missionAssignments.claimedAt, startOfBogotaDay(now)),
    ),
  )
  const joined = and(
    eq(missionAssignments.missionId, missions.id),
    eq(missionAssignments.userId, userId),
  )
  const rows = await db
    .select()
    .from(missions)
    .leftJoin(missionAssignments, joined)
    .where(where)
    .orderBy(
      sql`${missions.ownerId} is null`,
      asc(missions.position),
      asc(missions.createdAt),
      asc(missions.id),
    )
    .limit(limit)
    .offset(offset)
  const [total] = await db
    .select({ n: count() })
    .from(missions)
    .leftJoin(missionAssignments, joined)
    .where(where)
  return paged(
    rows.map((row) => toMission(row.missions, row.mission_assignments)),
    total?.n ?? 0,
  )
}

/** GET /api/mission/current?page: the social missions the player took and has not claimed yet. */
export async function listCurrent(
  db: Db,
  userId: string,
  page: number,
): Promise<Paginated<Mission>> {
  const { offset, limit, paged } = pageOf(page, EARNING_RULES.missionPageSize)
  const where = and(
    eq(missionAssignments.userId, userId),
    inArray(missionAssignments.state, ['added', 'claimable']),
    eq(missions.type, 'social'),
  )
  const rows = await db
    .select()
    .from(missionAssignments)
    .innerJoin(missions, eq(missions.id, missionAssignments.missionId))
    .where(where)
    .orderBy(desc(missionAssignments.addedAt), asc(missions.id))
    .limit(limit)
    .offset(offset)
  const [total] = await db
    .select({ n: count() })
    .from(missionAssignments)
    .innerJoin(missions, eq(missions.id, missionAssignments.missionId))
    .where(where)
  return paged(
    rows.map((row) => toMission(row.missions, row.mission_assignments)),
    total?.n ?? 0,
  )
}

/** GET /api/mission/maxMissionsPerDay: the rank's daily cap and what is left of it today. */
export async function getDailyMissions(
  db: Db,
  user: SessionPlayer,
  now: Date,
): Promise<DailyMissions> {
  const maxMissionsPerDay = dailyMissionsOf(user.rankIndex)
  const [row] = await db
    .select({ taken: missionDays.taken })
    .from(missionDays)
    .where(and(eq(missionDays.userId, user.id), eq(missionDays.day, bogotaDay(now))))
  const takenToday = row?.taken ?? 0
  return { maxMissionsPerDay, takenToday, remaining: Math.max(0, maxMissionsPerDay - takenToday) }
}

async function findVisibleMission(tx: Tx, userId: string, missionId: string, type: string[]) {
  const [row] = await tx
    .select()
    .from(missions)
    .where(and(eq(missions.id, missionId), inArray(missions.type, type), visibleTo(userId)))
  if (!row) throw new DomainError(404, missionMessages.missionNotFound)
  return row
}

/** Seconds from `now` to the next Bogota midnight, when the daily cap starts again. */
function secondsToNextBogotaDay(now: Date): number {
  const next = startOfBogotaDay(new Date(startOfBogotaDay(now).getTime() + DAY_MS + 60 * 60 * 1000))
  return Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000))
}

/**
 * Takes one of today's missions (Bogota day): one conditional upsert of the day's counter that
 * only succeeds below the rank's cap, so concurrent adds can never take more. Throws 429 at the cap.
 */
async function takeDailyMission(tx: Tx, user: SessionPlayer, now: Date): Promise<number> {
  const cap = dailyMissionsOf(user.rankIndex)
  const [row] = await tx
    .insert(missionDays)
    .values({ userId: user.id, day: bogotaDay(now), taken: 1 })
    .onConflictDoUpdate({
      target: [missionDays.userId, missionDays.day],
      set: { taken: sql`${missionDays.taken} + 1` },
      setWhere: sql`${missionDays.taken} < ${cap}`,
    })
    .returning({ taken: missionDays.taken })
  if (!row) {
    throw new DomainError(
      429,
      missionMessages.dailyCapReached,
      { maxMissionsPerDay: cap },
      {
        'Retry-After': String(secondsToNextBogotaDay(now)),
      },
    )
  }
  return cap - row.taken
}

/**
 * POST /api/mission/add: the player takes a social mission, from a device checkAccess allows,
 * with a verified account on its network, within today's cap; once per mission.
 */
export async function addMission(
  db: Db,
  user: SessionPlayer,
  body: AddMissionBody,
  now: Date,
): Promise<AddedMission> {
  return inTransaction(db, async (tx) => {
    await requireDevice(tx, user.id, body.deviceId, now)
    const mission = await findVisibleMission(tx, user.id, body.missionId, ['social'])
    const network = mission.network as SocialNetworkType
    if (!(await hasVerifiedAccount(tx, user.id, network, now))) {
      throw new DomainError(403, needsVerifiedAccount(network))
    }
    const [assignment] = await tx
      .insert(missionAssignments)
      .values({ missionId: mission.id, userId: user.id, state: 'added', addedAt: now })
      .onConflictDoNothing()
      .returning()
    if (!assignment) throw new DomainError(409, missionMessages.missionAlreadyAdded)
    const remainingToday = await takeDailyMission(tx, user, now)
    return { mission: toMission(mission, assignment), remainingToday }
  })
}

async function findAssignment(tx: Tx, userId: string, missionId: string) {
  const [row] = await tx
    .select()
    .from(missionAssignments)
    .where(and(eq(missionAssignments.userId, userId), eq(missionAssignments.missionId, missionId)))
  return row ?? null
}

/**
 * GET /api/mission/{id}/check: asks the provider whether the player did what the mission asks;
 * yes makes it claimable (once, by a conditional update), not yet leaves it added with a message.
 */
export async function checkMission(
  db: Db,
  userId: string,
  missionId: string,
  now: Date,
  provider: SocialProvider,
): Promise<MissionCheck> {
  return inTransaction(db, async (tx) => {
    const mission = await findVisibleMission(tx, userId, missionId, ['social'])
    const assignment = await findAssignment(tx, userId, missionId)
    if (!assignment) throw new DomainError(409, missionMessages.missionNotAdded)
    if (assignment.state !== 'added') {
      return { mission: toMission(mission, assignment), message: null, retryInSeconds: 0 }
    }
    const network = mission.network as SocialNetworkType
    const account = await hasVerifiedAccount(tx, userId, network, now)
    if (!account) throw new DomainError(403, needsVerifiedAccount(network))
    const check = await provider.confirmAction({
      network,
      handle: account.handle,
      link: mission.link ?? '',
      addedAt: assignment.addedAt,
      now,
    })
    if (!check.done) {
      return {
        mission: toMission(mission, assignment),
        message: `Aún no vemos tu acción en ${socialNetwork(network).name}. Vuelve a verificar en ${formatCount(check.retryInSeconds, 'segundo', 'segundos')}.`,
        retryInSeconds: check.retryInSeconds,
      }
    }
    const checked = await claimOnce(
      tx
        .update(missionAssignments)
        .set({ state: 'claimable' })
        .where(and(eq(missionAssignments.id, assignment.id), eq(missionAssignments.state, 'added')))
        .returning(),
    )
    return {
      mission: toMission(mission, checked ?? { ...assignment, state: 'claimable' }),
      message: null,
      retryInSeconds: 0,
    }
  })
}

/**
 * The parent's share of a referral's mission or playlist reward (gems): waiting in the parent's
 * referral earnings until they claim them (POST /api/mission/claimReferred).
 */
export async function shareWithParent(
  tx: Tx,
  user: SessionPlayer,
  mission: MissionRow,
  reward: number,
) {
  if (!user.parentId) return
  const share = Math.floor((reward * EARNING_RULES.referralSharePercent) / 100)
  if (share <= 0) return
  const words = describeReward({ kind: 'GEMS', amount: share })
  await tx.insert(pendingRewards).values({
    userId: user.parentId,
    kind: 'referral',
    amount: share,
    label: `${user.name} completó «${mission.title}»`,
    cause: { fromUserId: user.id, missionId: mission.id },
  })
  await notify(
    tx,
    user.parentId,
    `${user.name} completó «${mission.title}»: tienes ${words} de tus referidos por reclamar.`,
  )
}

/** Claims a social mission the network confirmed: once, by a conditional update on its state. */
async function claimSocialMission(tx: Tx, user: SessionPlayer, mission: MissionRow, now: Date) {
  const claimed = await claimOnce(
    tx
      .update(missionAssignments)
      .set({ state: 'claimed', claimedAt: now })
      .where(
        and(
          eq(missionAssignments.userId, user.id),
          eq(missionAssignments.missionId, mission.id),
          eq(missionAssignments.state, 'claimable'),
        ),
      )
      .returning(),
  )
  if (!claimed) {
    const assignment = await findAssignment(tx, user.id, mission.id)
    if (!assignment) throw new DomainError(409, missionMessages.missionNotAdded)
    if (assignment.state === 'claimed')
      throw new DomainError(409, missionMessages.missionAlreadyClaimed)
    throw new DomainError(409, missionMessages.missionNotClaimable)
  }
  return { kind: 'mission.claim', key: `mission.claim:${claimed.id}` }
}

/**
 * POST /api/mission/claim: pays a claimable social mission in gems from the supply, in the same
 * transaction as the claim; the parent's share waits in their referral earnings, and a first
 * reward earned by playing pays the parent's referral reward (recordFirstPlay).
 */
export async function claimMission(
  db: Db,
  user: SessionPlayer,
  missionId: string,
  now: Date,
): Promise<ClaimedMission> {
  return inTransaction(db, async (tx) => {
    const mission = await findVisibleMission(tx, user.id, missionId, ['social'])
    const claim = await claimSocialMission(tx, user, mission, now)
    const reward: Reward = { kind: 'GEMS', amount: mission.reward }
    await recordFirstPlay(tx, user, now)
    await transfer(tx, {
      at: now,
      currency: 'gems',
      from: { system: 'supply' },
      to: { userId: user.id },
      amount: mission.reward,
      kind: claim.kind,
      cause: { missionId: mission.id },
      idempotencyKey: claim.key,
    })
    await shareWithParent(tx, user, mission, mission.reward)
    await notify(tx, user.id, `Reclamaste «${mission.title}»: +${describeReward(reward)}.`)
    return {
      mission: { id: mission.id, title: mission.title },
      reward,
      balances: await getBalances(tx, user.id),
    }
  })
}

/** The kinds of pending rewards: what they pay in, the ledger kind, the player's words. */
const PENDING = {
  volta: { currency: 'voltaCharge', ledgerKind: 'volta.claim', reward: 'VOLTA_CHARGE' },
  referral: { currency: 'gems', ledgerKind: 'mission.referral', reward: 'GEMS' },
} as const satisfies Record<
  string,
  { currency: Currency; ledgerKind: string; reward: Reward['kind'] }
>

export type PendingKind = keyof typeof PENDING

/** GET /api/mission/voltaCharge, GET /api/mission/claimReferred: what waits to be claimed. */
export async function getPending(
  db: Db,
  userId: string,
  kind: PendingKind,
): Promise<PendingReward> {
  const open = and(
    eq(pendingRewards.userId, userId),
    eq(pendingRewards.kind, kind),
    isNull(pendingRewards.claimId),
  )
  const [total] = await db
    .select({ amount: sql<string>`coalesce(sum(${pendingRewards.amount}), 0)::text` })
    .from(pendingRewards)
    .where(open)
  const entries = await db
    .select()
    .from(pendingRewards)
    .where(open)
    .orderBy(desc(pendingRewards.createdAt), desc(pendingRewards.id))
    .limit(10)
  return {
    amount: Number(total?.amount ?? 0),
    entries: entries.map((entry) => ({
      label: entry.label,
      amount: entry.amount,
      createdAt: entry.createdAt.toISOString(),
    })),
  }
}

/**
 * POST /api/mission/voltaCharge/claim, POST /api/mission/claimReferred: marks every open row with
 * this claim's id in one statement (concurrent claims each get only rows nobody marked) and pays
 * their sum in one ledger transfer, in the same transaction.
 */
export async function claimPending(
  db: Db,
  userId: string,
  kind: PendingKind,
  now: Date,
): Promise<ClaimedReward> {
  const rule = PENDING[kind]
  return inTransaction(db, async (tx) => {
    const claimId = randomUUID()
    const rows = await tx
      .update(pendingRewards)
      .set({ claimId, claimedAt: now })
      .where(
        and(
          eq(pendingRewards.userId, userId),
          eq(pendingRewards.kind, kind),
          isNull(pendingRewards.claimId),
        ),
      )
      .returning({ amount: pendingRewards.amount })
    const claimed = rows.reduce((sum, row) => sum + row.amount, 0)
    if (claimed === 0) throw new DomainError(409, missionMessages.nothingToClaim)
    const cause: TransferCause = { claimId, entries: rows.length }
    await transfer(tx, {
      at: now,
      currency: rule.currency,
      from: { system: 'supply' },
      to: { userId },
      amount: claimed,
      kind: rule.ledgerKind,
      cause,
      idempotencyKey: `${rule.ledgerKind}:${claimId}`,
    })
    const words = describeReward({ kind: rule.reward, amount: claimed })
    await notify(
      tx,
      userId,
      kind === 'volta'
        ? `Reclamaste ${words} acumulada en tus listas.`
        : `Reclamaste ${words} ganadas por tus referidos.`,
    )
    return { claimed, balances: await getBalances(tx, userId) }
  })
}

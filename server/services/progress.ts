import { eq, inArray, sql } from 'drizzle-orm'
import { LEDGER_KINDS, type RankRewardCause, miningMessages } from '../../contract/mining'
import type { RankProgress, RankReward, RankRewardClaim } from '../../contract/progress'
import { RANK_NAMES } from '../../contract/ranks'
import { selectRows, type Db } from '../db/client'
import { ledgerTransfers, users } from '../db/schema'
import { DomainError } from './errors'
import { DuplicateTransferError, getBalances, transfer } from './ledger'
import { bogotaWeekOf } from './bogota-time'
import { describeRank, RANK_REQUIREMENTS, rankForTeam, rankGems } from './rules'
import { findRankIndex } from './standing'
import { referralsSql } from './team-tree'
import { inTransaction } from './atomic'

/*
 * Ranks and their gems. A player reaches a rank when their team meets its thresholds
 * (RANK_REQUIREMENTS); they hold the highest rank they were promoted to, by the weekly reset or by
 * claiming that rank's gems, and never drop. Each rank's gems are paid once: the ledger transfer's
 * idempotency key is the rank's, so however many claims race, one pays.
 */

/** The ledger idempotency key of a rank's gems for a player. */
export function rankRewardKey(userId: string, index: number): string {
  return `rank-reward:${userId}:${index}`
}

/** The ranks whose gems the player claimed. */
async function claimedRanks(db: Db, userId: string): Promise<Set<number>> {
  const keys = RANK_NAMES.map((_, index) => rankRewardKey(userId, index))
  const rows = await db
    .select({ key: ledgerTransfers.idempotencyKey })
    .from(ledgerTransfers)
    .where(inArray(ledgerTransfers.idempotencyKey, keys))
  return new Set(rows.map((row) => Number(row.key?.split(':').at(-1))))
}

type Referrals = { direct: number; team: number }

/**
 * The player's standing toward ranks, in one statement: every member and the qualified ones
 * (direct and team), the rank held, and whether the player ever played; `reached` is the highest
 * rank reached, the one held or higher if the qualified team meets it now. The requirements count
 * the members who qualified by playing (issue 29), not every signup.
 */
async function reachedIndex(db: Db, userId: string) {
  const [row] = await selectRows<{
    members: string
    qualified: string
    held: number
    played: boolean
  }>(
    db,
    sql`select ${referralsSql(sql`${users.id}`, 'members')} as members,
        ${referralsSql(sql`${users.id}`, 'qualified')} as qualified,
        ${users.rankIndex} as held, ${users.firstPlayedAt} is not null as played
      from ${users} where ${users.id} = ${userId}`,
  )
  if (!row) throw new Error(`User ${userId} not found`)
  const referrals = JSON.parse(row.members) as Referrals
  const qualified = JSON.parse(row.qualified) as Referrals
  return {
    referrals,
    qualified,
    held: row.held,
    played: row.played,
    reached: Math.max(row.held, rankForTeam(qualified.team, qualified.direct)),
  }
}

/** The spec's percent helper: value/total*100 rounded and capped at 100 (100 with nothing to reach). */
function percentOf(value: number, total: number): number {
  if (total <= 0) return 100
  return Math.min(100, Math.round((value / total) * 100))
}

/** GET /api/node/progress: rank held, referrals, every rank's state, the next rank, the week. */
export async function getRankProgress(db: Db, userId: string, now: Date): Promise<RankProgress> {
  const { referrals, qualified, held, reached, played } = await reachedIndex(db, userId)
  const claimed = await claimedRanks(db, userId)
  const nextIndex = reached + 1
  const nextRequirement = RANK_REQUIREMENTS[nextIndex]
  const week = bogotaWeekOf(now)
  return {
    rank: describeRank(held),
    team: referrals.team,
    direct: referrals.direct,
    qualified,
    next: nextRequirement
      ? {
          index: nextIndex,
          name: describeRank(nextIndex).name,
          missingTeam: Math.max(0, nextRequirement.team - qualified.team),
          missingDirect: Math.max(0, nextRequirement.direct - qualified.direct),
          // The requirement met least so far is what holds the player back.
          percent: Math.min(
            percentOf(qualified.team, nextRequirement.team),
            percentOf(qualified.direct, nextRequirement.direct),
          ),
        }
      : null,
    ranks: RANK_REQUIREMENTS.map((requirement, index) => ({
      ...describeRank(index),
      gems: rankGems(index),
      requirement: { ...requirement },
      reached: index <= reached,
      claimed: claimed.has(index),
    })),
    claimable: RANK_REQUIREMENTS.map((_, index) => reached - index).filter(
      (index) => index >= 0 && !claimed.has(index),
    ),
    played,
    week: {
      start: week.start.toISOString(),
      end: week.end.toISOString(),
      secondsLeft: Math.max(0, Math.ceil((week.end.getTime() - now.getTime()) / 1000)),
    },
  }
}

/** GET /api/user/gainReward?gainRewardTarget=: whether a rank's gems can be claimed. */
export async function getRankReward(db: Db, userId: string, index: number): Promise<RankReward> {
  const { reached, played } = await reachedIndex(db, userId)
  const claimed = await claimedRanks(db, userId)
  return {
    rankIndex: index,
    name: describeRank(index).name,
    gems: rankGems(index),
    reached: index <= reached,
    claimed: claimed.has(index),
    played,
  }
}

/**
 * PATCH /api/user/gainReward: pays a reached rank's gems, once, and promotes the player to that
 * rank if they held a lower one.
 */
export async function claimRankReward(
  db: Db,
  userId: string,
  index: number,
  now: Date,
): Promise<RankRewardClaim> {
  const { qualified, reached, played } = await reachedIndex(db, userId)
  if (index > reached) throw new DomainError(409, miningMessages.rankNotReached)
  // Read, not locked: the stamp only goes from null to a time, so a race can refuse a claim a
  // moment early but never pay a player who never played.
  if (!played) throw new DomainError(409, miningMessages.rankNeedsPlay)
  const gems = rankGems(index)
  const cause: RankRewardCause = {
    rankIndex: index,
    rankName: describeRank(index).name,
    team: qualified.team,
    direct: qualified.direct,
  }
  let payoutId: number
  try {
    payoutId = await inTransaction(db, async (tx) => {
      const id = await transfer(tx, {
        currency: 'gems',
        from: { system: 'supply' },
        to: { userId },
        amount: gems,
        kind: LEDGER_KINDS.rankReward,
        cause,
        idempotencyKey: rankRewardKey(userId, index),
        at: now,
      })
      await tx
        .update(users)
        .set({ rankIndex: sql`greatest(${users.rankIndex}, ${index})` })
        .where(eq(users.id, userId))
      return id
    })
  } catch (error) {
    if (error instanceof DuplicateTransferError) {
      throw new DomainError(409, miningMessages.rankRewardTaken)
    }
    throw error
  }
  return {
    rankIndex: index,
    name: cause.rankName,
    gems,
    reached: true,
    claimed: true,
    played: true,
    rank: describeRank(await findRankIndex(db, userId)),
    payoutId: String(payoutId),
    balances: await getBalances(db, userId),
  }
}

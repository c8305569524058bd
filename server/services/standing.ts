import { and, eq, isNull, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { penalties, users } from '../db/schema'
import { DomainError, fieldError } from './errors'
import { miningMessages } from '../../contract/mining'

/*
 * A player's standing: the rank they hold, and penalties. The weekly reset gives a penalty for a Bogota week without a fueled station
 * (server/services/weekly-reset.ts). While a penalty is open the player cannot collect the team
 * bonus and their earnings do not count for their upline's; they reactivate with the referral code
 * of whoever invited them (their own code if nobody did), which clears every open penalty.
 */

/** The rank index a player holds. */
export async function findRankIndex(db: Db, userId: string): Promise<number> {
  const [user] = await db
    .select({ rankIndex: users.rankIndex })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) throw new Error(`User ${userId} not found`)
  return user.rankIndex
}

/** Whether the player has a penalty not cleared by a reactivation. */
export async function isPenalized(db: Db, userId: string): Promise<boolean> {
  const [open] = await db
    .select({ week: penalties.week })
    .from(penalties)
    .where(and(eq(penalties.userId, userId), isNull(penalties.clearedAt)))
    .limit(1)
  return open !== undefined
}

/** SQL: how many penalties the player `id` was given, cleared or not. */
export function penaltyCountSql(id: SQL): SQL<number> {
  return sql<number>`(select count(*)::int from ${penalties} p where p.user_id = ${id})`
}

/** The code that reactivates the player: their sponsor's, or their own without a sponsor. */
async function reactivationCode(db: Db, userId: string): Promise<string> {
  const [user] = await db
    .select({ code: users.code, parentId: users.parentId })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) throw new Error(`User ${userId} not found`)
  if (user.parentId === null) return user.code
  const [parent] = await db
    .select({ code: users.code })
    .from(users)
    .where(eq(users.id, user.parentId))
  return parent?.code ?? user.code
}

/**
 * POST /api/user/enableCode: clears the player's open penalties when `code` is their sponsor's
 * (uppercase). A player without an open penalty is told so (409); a wrong code changes nothing.
 */
export async function reactivate(db: Db, userId: string, code: string, now: Date): Promise<void> {
  if (!(await isPenalized(db, userId))) throw new DomainError(409, miningMessages.notPenalized)
  if (code !== (await reactivationCode(db, userId))) {
    throw fieldError(400, 'code', miningMessages.wrongReactivationCode)
  }
  // One conditional statement clears them all; a concurrent reactivation finds none left.
  const cleared = await db
    .update(penalties)
    .set({ clearedAt: now })
    .where(and(eq(penalties.userId, userId), isNull(penalties.clearedAt)))
    .returning({ week: penalties.week })
  if (cleared.length === 0) throw new DomainError(409, miningMessages.notPenalized)
}

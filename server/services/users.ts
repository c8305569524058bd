import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Session } from '../../contract/auth'
import { LEDGER_KINDS } from '../../contract/mining'
import type { Profile } from '../../contract/user'
import type { Db } from '../db/client'
import { accounts, ledgerTransfers, users } from '../db/schema'
import { toSession, type UserRow } from './auth'
import { weekGems } from './leaderboard'
import { getBalances } from './ledger'
import { countStationsOn } from './mining'
import { describeRank } from './rules'
import { countPenalties, isPenalized, reactivate } from './standing'
import { countReferrals } from './team-tree'

async function findUser(db: Db, userId: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1)
  if (!user) throw new Error(`User ${userId} not found`)
  return user
}

/** What the mine, the team bonus and the ranks paid the player so far, from the ledger. */
async function paidSoFar(db: Db, userId: string) {
  const rows = await db
    .select({
      kind: ledgerTransfers.kind,
      currency: ledgerTransfers.currency,
      total: sql<string>`sum(${ledgerTransfers.amount})::text`,
    })
    .from(ledgerTransfers)
    .innerJoin(accounts, eq(accounts.id, ledgerTransfers.toAccountId))
    .where(
      and(
        eq(accounts.userId, userId),
        inArray(ledgerTransfers.kind, [
          LEDGER_KINDS.collect,
          LEDGER_KINDS.teamBonus,
          LEDGER_KINDS.rankReward,
        ]),
      ),
    )
    .groupBy(ledgerTransfers.kind, ledgerTransfers.currency)
  const total = (kind: string, currency: string) =>
    Number(rows.find((row) => row.kind === kind && row.currency === currency)?.total ?? 0)
  return {
    mined: {
      terycarbons: total(LEDGER_KINDS.collect, 'terycarbons'),
      gems: total(LEDGER_KINDS.collect, 'gems'),
    },
    teamBonusGems: total(LEDGER_KINDS.teamBonus, 'gems'),
    rankGems: total(LEDGER_KINDS.rankReward, 'gems'),
  }
}

/** GET /api/user/profile: who the player is, their rank, referrals, standing and game stats. */
export async function getProfile(db: Db, userId: string, now: Date): Promise<Profile> {
  const user = await findUser(db, userId)
  const [parent] = user.parentId
    ? await db.select({ code: users.code }).from(users).where(eq(users.id, user.parentId))
    : []
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    code: user.code,
    parentCode: parent?.code ?? null,
    shareEmail: user.shareEmail,
    termsAgree: user.termsAgree,
    rank: describeRank(user.rankIndex),
    balances: await getBalances(db, user.id),
    referrals: await countReferrals(db, user.id),
    penalized: await isPenalized(db, user.id),
    stats: {
      ...(await paidSoFar(db, user.id)),
      weekGems: await weekGems(db, user.id, now),
      stationsOn: await countStationsOn(db, user.id, now),
      penalties: await countPenalties(db, user.id),
    },
    createdAt: user.createdAt.toISOString(),
  }
}

/** PATCH /api/user/termsAgree: the player accepts the terms; agreeing again changes nothing. */
export async function agreeTerms(db: Db, userId: string): Promise<Session> {
  const [user] = await db
    .update(users)
    .set({ termsAgree: true })
    .where(eq(users.id, userId))
    .returning()
  if (!user) throw new Error(`User ${userId} not found`)
  return toSession(user, await getBalances(db, user.id))
}

/** PATCH /api/user/share/email: whether the team may see the player's email. */
export async function setShareEmail(
  db: Db,
  userId: string,
  shareEmail: boolean,
  now: Date,
): Promise<Profile> {
  await db.update(users).set({ shareEmail }).where(eq(users.id, userId))
  return getProfile(db, userId, now)
}

/** POST /api/user/phone: the player's mobile number. */
export async function setPhone(db: Db, userId: string, phone: string, now: Date): Promise<Profile> {
  await db.update(users).set({ phone }).where(eq(users.id, userId))
  return getProfile(db, userId, now)
}

/** POST /api/user/enableCode: reactivates a penalized player (server/services/standing.ts). */
export async function enableCode(
  db: Db,
  userId: string,
  code: string,
  now: Date,
): Promise<Profile> {
  await reactivate(db, userId, code, now)
  return getProfile(db, userId, now)
}

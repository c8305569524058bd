import { eq, sql } from 'drizzle-orm'
import type { Session } from '../../contract/auth'
import type { Profile } from '../../contract/user'
import { RANK_NAMES, rankPercent } from '../../contract/ranks'
import { selectRows, type Db } from '../db/client'
import { users } from '../db/schema'
import { toSession, type UserRow } from './auth'
import { getBalances } from './ledger'
import { TEAM_GENERATIONS } from './rules'

/** Direct referrals and the whole team below a player over the team generations. */
export async function countReferrals(
  db: Db,
  userId: string,
): Promise<{ direct: number; team: number }> {
  const [row] = await selectRows<{ direct: number | string; team: number | string }>(
    db,
    sql`with recursive team(id, generation) as (
          select id, 1 from ${users} where parent_id = ${userId}
          union all
          select u.id, t.generation + 1 from ${users} u join team t on u.parent_id = t.id
          where t.generation < ${TEAM_GENERATIONS}
        )
        select count(*) filter (where generation = 1) as direct, count(*) as team from team`,
  )
  return { direct: Number(row?.direct ?? 0), team: Number(row?.team ?? 0) }
}

async function findUser(db: Db, userId: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1)
  if (!user) throw new Error(`User ${userId} not found`)
  return user
}

export async function getProfile(db: Db, userId: string): Promise<Profile> {
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
    rank: {
      index: user.rankIndex,
      name: RANK_NAMES[user.rankIndex] ?? RANK_NAMES[0],
      percent: rankPercent(user.rankIndex),
    },
    balances: await getBalances(db, user.id),
    referrals: await countReferrals(db, user.id),
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
  return toSession(db, user)
}

/** PATCH /api/user/share/email: whether the team may see the player's email. */
export async function setShareEmail(db: Db, userId: string, shareEmail: boolean): Promise<Profile> {
  await db.update(users).set({ shareEmail }).where(eq(users.id, userId))
  return getProfile(db, userId)
}

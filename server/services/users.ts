import { eq, sql, type SQL } from 'drizzle-orm'
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types'
import type { Session } from '../../contract/auth'
import { LEDGER_KINDS } from '../../contract/mining'
import type { Profile } from '../../contract/user'
import { preparedPerDb, type Db } from '../db/client'
import { playerCredits, users } from '../db/schema'
import { me, myId, sessionRead, toSession } from './auth'
import { startOfBogotaWeek } from './bogota-time'
import { weekGemsSql } from './leaderboard'
import { balancesSql, getBalances, parseBalances } from './ledger'
import { stationsOnSql } from './mining'
import { describeRank } from './rules'
import { penaltyCountSql, reactivate } from './standing'
import { isPenalizedSql, referralsSql } from './team-tree'

/** SQL: what the mine, the team bonus and the ranks paid the player `id` so far, as JSON text. */
function paidSoFarSql(id: SQL): SQL<string> {
  return sql<string>`(select coalesce(json_agg(json_build_object('kind', c.kind, 'currency', c.currency, 'total', c.total::text)), '[]')::text
    from ${playerCredits} c
    where c.user_id = ${id}
      and c.kind in (${LEDGER_KINDS.collect}, ${LEDGER_KINDS.teamBonus}, ${LEDGER_KINDS.rankReward}))`
}

function readPaidSoFar(json: string) {
  const rows = JSON.parse(json) as { kind: string; currency: string; total: string }[]
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

/*
 * GET /api/user/profile: who the player is, their rank, referrals, standing and game stats, each
 * part a subquery of the player's row `me`, read with the session (`profileRead`): the profile
 * page's first read costs no statement besides the session's own. The calls that change what it
 * shows answer it from a statement of its own, the same columns (`getProfile`). Both prepared:
 * drizzle building this SQL again at every call was about 150 µs of its 500.
 */
const profileColumns = {
  id: me.id,
  name: me.name,
  email: me.email,
  phone: me.phone,
  code: me.code,
  shareEmail: me.shareEmail,
  termsAgree: me.termsAgree,
  rankIndex: me.rankIndex,
  createdAt: me.createdAt,
  parentCode: sql<string | null>`(select p.code from ${users} p where p.id = me.parent_id)`,
  balances: balancesSql(myId),
  referrals: referralsSql(myId),
  penalized: sql<boolean>`${isPenalizedSql(myId)}`,
  paidSoFar: paidSoFarSql(myId),
  weekGems: weekGemsSql(myId, sql.placeholder('weekStart')),
  stationsOn: stationsOnSql(myId, sql.placeholder('now')),
  penalties: penaltyCountSql(myId),
}

/** The instants the profile's columns compare with, at `now`. */
function profileInstants(now: Date) {
  return { weekStart: startOfBogotaWeek(now).toISOString(), now: now.toISOString() }
}

function toProfile(row: SelectResultFields<typeof profileColumns>): Profile {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    code: row.code,
    parentCode: row.parentCode,
    shareEmail: row.shareEmail,
    termsAgree: row.termsAgree,
    rank: describeRank(row.rankIndex),
    balances: parseBalances(row.balances),
    referrals: JSON.parse(row.referrals) as Profile['referrals'],
    penalized: row.penalized,
    stats: {
      ...readPaidSoFar(row.paidSoFar),
      weekGems: Number(row.weekGems ?? 0),
      stationsOn: Number(row.stationsOn),
      penalties: Number(row.penalties),
    },
    createdAt: row.createdAt.toISOString(),
  }
}

/** GET /api/user/profile's answer, read with the session. */
export const profileRead = sessionRead(
  'session_lookup_profile',
  profileColumns,
  toProfile,
  profileInstants,
)

const profileStatement = preparedPerDb((db) =>
  db
    .select(profileColumns)
    .from(me)
    .where(eq(me.id, sql.placeholder('userId')))
    .prepare('profile'),
)

/** The profile, as the calls that change what it shows answer it. */
export async function getProfile(db: Db, userId: string, now: Date): Promise<Profile> {
  const [row] = await profileStatement(db).execute({ userId, ...profileInstants(now) })
  if (!row) throw new Error(`User ${userId} not found`)
  return toProfile(row)
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

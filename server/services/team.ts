import { asc, sql } from 'drizzle-orm'
import type { Paginated } from '../../contract/pagination'
import { STATIONS } from '../../contract/stations'
import type {
  Founders,
  MemberDetail,
  Referral,
  TeamListQuery,
  TeamMember,
  TeamOverview,
} from '../../contract/team'
import { pageNumber } from '../../contract/pagination'
import { selectRows, type Db } from '../db/client'
import { users } from '../db/schema'
import { DomainError } from './errors'
import { weekGems } from './leaderboard'
import { stationsOnAt, stationsOnSql } from './mining'
import { describeRank, FOUNDERS_LIMIT, LIST_PAGE_SIZE } from './rules'
import { countPenalties, findRankIndex } from './standing'
import {
  countGenerations,
  countReferrals,
  generationOf,
  isPenalizedSql,
  teamCte,
  teamSizesOf,
} from './team-tree'
import { miningMessages } from '../../contract/mining'

/** GET /api/user/team: the player's rank, their stations and the eight generation counts. */
export async function getTeamOverview(db: Db, userId: string, now: Date): Promise<TeamOverview> {
  const generations = await countGenerations(db, userId)
  const rankIndex = await findRankIndex(db, userId)
  const on = await stationsOnAt(db, userId, now)
  return {
    rank: describeRank(rankIndex),
    generations,
    direct: generations[0] ?? 0,
    total: generations.reduce((total, n) => total + n, 0),
    stations: STATIONS.map(({ number, name, share }) => ({
      number,
      name,
      share,
      on: on.has(number),
    })),
  }
}

type MemberRow = {
  id: string
  name: string
  code: string
  rank_index: number
  generation: number
  created_at: string | Date
  share_email: boolean
  email: string
  penalized: boolean
  stations_on: number | string
}

function toMember(row: MemberRow): TeamMember {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    rank: describeRank(row.rank_index),
    level: Number(row.generation),
    joinedAt: new Date(row.created_at).toISOString(),
    penalized: row.penalized,
    stationsOn: Number(row.stations_on),
    email: row.share_email ? row.email : null,
  }
}

/** `%text%` for ILIKE, with the pattern's own wildcards taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/**
 * The members of one generation of the player's team, filtered by name or code and by penalty, a
 * page at a time, oldest members first. One recursive statement for the page, one for the count.
 */
export async function listLevel(
  db: Db,
  userId: string,
  level: number,
  query: TeamListQuery,
  now: Date,
): Promise<Paginated<TeamMember>> {
  const page = pageNumber(query.page)
  const search = query.search ?? ''
  const filters = sql.join(
    [
      sql`t.generation = ${level}`,
      ...(search === ''
        ? []
        : [sql`(u.name ilike ${containing(search)} or u.code ilike ${containing(search)})`]),
      ...(query.penalty === undefined
        ? []
        : [
            query.penalty === 'true'
              ? isPenalizedSql(sql`u.id`)
              : sql`not ${isPenalizedSql(sql`u.id`)}`,
          ]),
    ],
    sql` and `,
  )
  const from = sql`from team t join ${users} u on u.id = t.id where ${filters}`
  const rows = await selectRows<MemberRow>(
    db,
    sql`${teamCte(userId, level)}
        select u.id, u.name, u.code, u.rank_index, t.generation, u.created_at, u.share_email,
               u.email, ${isPenalizedSql(sql`u.id`)} as penalized,
               ${stationsOnSql(sql`u.id`, now)} as stations_on
        ${from}
        order by u.created_at, u.id
        limit ${LIST_PAGE_SIZE} offset ${(page - 1) * LIST_PAGE_SIZE}`,
  )
  const [total] = await selectRows<{ n: string }>(
    db,
    sql`${teamCte(userId, level)} select count(*)::text as n ${from}`,
  )
  const totalDocs = Number(total?.n ?? 0)
  return {
    docs: rows.map(toMember),
    totalPages: Math.ceil(totalDocs / LIST_PAGE_SIZE),
    totalDocs,
    limt: LIST_PAGE_SIZE,
    page,
  }
}

/** GET /api/user/referral: the direct referrals, each with the size of their own team. */
export async function listReferrals(
  db: Db,
  userId: string,
  query: TeamListQuery,
  now: Date,
): Promise<Paginated<Referral>> {
  const members = await listLevel(db, userId, 1, query, now)
  const sizes = await teamSizesOf(
    db,
    members.docs.map((member) => member.id),
  )
  return {
    ...members,
    docs: members.docs.map((member) => ({ ...member, team: sizes.get(member.id) ?? 0 })),
  }
}

/**
 * GET /api/user/team/{id}/details: one member of the player's team (404 for anyone else, the
 * player included, so ids of other teams reveal nothing).
 */
export async function getMemberDetail(
  db: Db,
  userId: string,
  memberId: string,
  now: Date,
): Promise<MemberDetail> {
  const level = await generationOf(db, userId, memberId)
  if (level === null) throw new DomainError(404, miningMessages.notInTeam)
  const [row] = await selectRows<MemberRow & { parent_name: string }>(
    db,
    sql`select u.id, u.name, u.code, u.rank_index, ${level}::int as generation, u.created_at,
               u.share_email, u.email, ${isPenalizedSql(sql`u.id`)} as penalized,
               ${stationsOnSql(sql`u.id`, now)} as stations_on, p.name as parent_name
        from ${users} u join ${users} p on p.id = u.parent_id
        where u.id = ${memberId}`,
  )
  if (!row) throw new DomainError(404, miningMessages.notInTeam)
  const referrals = await countReferrals(db, memberId)
  return {
    ...toMember(row),
    parentName: row.parent_name,
    direct: referrals.direct,
    team: referrals.team,
    penalties: await countPenalties(db, memberId),
    weekGems: await weekGems(db, memberId, now),
  }
}

/** GET /api/user/founder: the first FOUNDERS_LIMIT players to join Tery, in order. */
export async function getFounders(db: Db, userId: string): Promise<Founders> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      code: users.code,
      rankIndex: users.rankIndex,
      createdAt: users.createdAt,
    })
    .from(users)
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(FOUNDERS_LIMIT)
  const you = rows.findIndex((row) => row.id === userId)
  return {
    founders: rows.map((row, index) => ({
      number: index + 1,
      name: row.name,
      code: row.code,
      rank: describeRank(row.rankIndex),
      joinedAt: row.createdAt.toISOString(),
    })),
    you: you === -1 ? null : you + 1,
    limit: FOUNDERS_LIMIT,
  }
}

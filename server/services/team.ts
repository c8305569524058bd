import { asc, sql, type SQL } from 'drizzle-orm'
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
import { teamLevels, teamLinks, users } from '../db/schema'
import { myId, sessionRead } from './auth'
import { bogotaWeekOf } from './bogota-time'
import { DomainError } from './errors'
import { weekGemsSql } from './leaderboard'
import { stationsOnListSql, stationsOnSql } from './mining'
import { describeRank, FOUNDERS_LIMIT, LIST_PAGE_SIZE, REFERRAL_REWARD_GEMS } from './rules'
import { pageOf } from './pages'
import { penaltyCountSql } from './standing'
import {
  generationsSql,
  isPenalizedSql,
  parseGenerations,
  referralsSql,
  teamSizeSql,
} from './team-tree'
import { miningMessages } from '../../contract/mining'

/**
 * GET /api/user/team: the player's rank, their stations and the eight generation counts, read with
 * the session from the stored sizes (decision 023).
 */
export const teamRead = sessionRead(
  'session_lookup_team',
  {
    generations: generationsSql(myId),
    stations: stationsOnListSql(myId, sql.placeholder('now')),
  },
  (row): TeamOverview => {
    const generations = parseGenerations(row.generations)
    const on = new Set(JSON.parse(row.stations) as number[])
    return {
      rank: describeRank(row.rankIndex),
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
  },
  (now) => ({ now: now.toISOString() }),
)

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

/** The columns of a member `u` as the lists and the details show them (`l`: their link). */
function memberColumns(now: Date): SQL {
  return sql`u.id, u.name, u.code, u.rank_index, l.generation, u.created_at, u.share_email,
    u.email, ${isPenalizedSql(sql`u.id`)} as penalized, ${stationsOnSql(sql`u.id`, now)} as stations_on`
}

/** `%text%` for ILIKE, with the pattern's own wildcards taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/**
 * One page of one generation of the player's team, filtered by name or code and by penalty,
 * oldest members first, with its total: one statement of index reads (decision 023). The page is
 * a range of the generation's links in their key's order; the total is the stored size, or, when
 * the page is filtered, a count of that generation's members that match. A direct referral comes
 * with the size of their own team and when their referral reward was paid when `withTeam`.
 */
async function memberPage<Row extends MemberRow>(
  db: Db,
  userId: string,
  level: number,
  query: TeamListQuery,
  now: Date,
  withTeam: boolean,
): Promise<Paginated<Row>> {
  const { offset, limit, paged } = pageOf(pageNumber(query.page), LIST_PAGE_SIZE)
  const search = query.search ?? ''
  const filters = [
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
  ]
  const from = sql`from ${teamLinks} l
    ${filters.length === 0 ? sql`` : sql`join ${users} u on u.id = l.member_id`}
    where l.ancestor_id = ${userId} and l.generation = ${level}
    ${filters.length === 0 ? sql`` : sql`and ${sql.join(filters, sql` and `)}`}`
  const total =
    filters.length === 0
      ? sql`(select coalesce(sum(t.members), 0) from ${teamLevels} t
          where t.user_id = ${userId} and t.generation = ${level})`
      : sql`(select count(*) ${from})`
  // The page's links first, then the columns of its ten members only: a select list below the
  // OFFSET is computed for every row it skips (page 125 of a generation read 1,250 members'
  // penalties, stations and teams).
  const [row] = await selectRows<{ total: number; docs: string }>(
    db,
    sql`select ${total}::int as total, (
          select coalesce(json_agg(p order by p.created_at, p.id), '[]')::text from (
            select ${memberColumns(now)}${withTeam ? sql`, ${teamSizeSql(sql`u.id`)} as team, u.first_played_at` : sql``}
            from (
              select l.member_id, l.generation ${from}
              order by l.joined_at, l.member_id
              limit ${limit} offset ${offset}
            ) l join ${users} u on u.id = l.member_id
          ) p
        ) as docs`,
  )
  return paged(JSON.parse(row?.docs ?? '[]') as Row[], row?.total ?? 0)
}

/** GET /api/user/team/{level}/level: the members of one generation of the player's team. */
export async function listLevel(
  db: Db,
  userId: string,
  level: number,
  query: TeamListQuery,
  now: Date,
): Promise<Paginated<TeamMember>> {
  const members = await memberPage(db, userId, level, query, now, false)
  return { ...members, docs: members.docs.map(toMember) }
}

/**
 * GET /api/user/referral: the direct referrals, each with the size of their own team and whether
 * the referral reward they bring was paid (decision 026).
 */
export async function listReferrals(
  db: Db,
  userId: string,
  query: TeamListQuery,
  now: Date,
): Promise<Paginated<Referral>> {
  const members = await memberPage<MemberRow & { team: number; first_played_at: string | null }>(
    db,
    userId,
    1,
    query,
    now,
    true,
  )
  return {
    ...members,
    docs: members.docs.map((member) => ({
      ...toMember(member),
      team: member.team,
      reward: {
        gems: REFERRAL_REWARD_GEMS,
        paidAt:
          member.first_played_at === null ? null : new Date(member.first_played_at).toISOString(),
      },
    })),
  }
}

/**
 * GET /api/user/team/{id}/details: one member of the player's team (404 for anyone else, the
 * player included, so ids of other teams reveal nothing). One statement: the link says both
 * whether they are in the team and in which generation.
 */
export async function getMemberDetail(
  db: Db,
  userId: string,
  memberId: string,
  now: Date,
): Promise<MemberDetail> {
  const [row] = await selectRows<
    MemberRow & {
      parent_name: string
      referrals: string
      penalties: number
      week_gems: string | null
    }
  >(
    db,
    sql`select ${memberColumns(now)}, p.name as parent_name,
               ${referralsSql(sql`u.id`)} as referrals, ${penaltyCountSql(sql`u.id`)} as penalties,
               ${weekGemsSql(sql`u.id`, bogotaWeekOf(now).start)} as week_gems
        from ${teamLinks} l join ${users} u on u.id = l.member_id
        join ${users} p on p.id = u.parent_id
        where l.ancestor_id = ${userId} and l.member_id = ${memberId}`,
  )
  if (!row) throw new DomainError(404, miningMessages.notInTeam)
  const referrals = JSON.parse(row.referrals) as { direct: number; team: number }
  return {
    ...toMember(row),
    parentName: row.parent_name,
    direct: referrals.direct,
    team: referrals.team,
    penalties: row.penalties,
    weekGems: Number(row.week_gems ?? 0),
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

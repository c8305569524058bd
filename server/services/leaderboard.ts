import { sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { Leaderboard } from '../../contract/team'
import { instantSql, selectRows, type Db } from '../db/client'
import { users, weekEarners, weeklyGems } from '../db/schema'
import { bogotaWeekOf } from './bogota-time'
import { pageOf } from './pages'
import { describeRank, LIST_PAGE_SIZE } from './rules'

/** SQL: the gems the game paid the player `id` in the Bogota week from `weekStart` (null for none). */
export function weekGemsSql(id: SQL, weekStart: Date | Placeholder): SQL<string | null> {
  return sql<string | null>`(select w.gems::text from ${weeklyGems} w
    where w.week_start = ${instantSql(weekStart)} and w.user_id = ${id})`
}

/**
 * GET /api/leaderboard: players ranked by the gems the game paid them this Bogota week (ties by
 * who joined first), a page at a time, and the caller's own position. One statement over the
 * week's stored totals in their ranking index (decision 023): the page is a range of it, the
 * caller's position a count of the rows ahead of theirs, and the total the week's stored count of
 * earners (week_earners), so no call counts the week.
 * The page's order is the index's to the letter: drizzle's desc() built it DESC NULLS LAST, and a
 * plain DESC (NULLS FIRST; gems is never null, but the planner does not use that) cannot be read
 * from it, so the week was joined to its players and sorted at every call. The page's rows are
 * joined to their players after the OFFSET, so a later page does not join the rows it skips.
 */
export async function getLeaderboard(
  db: Db,
  userId: string,
  page: number,
  now: Date,
): Promise<Leaderboard> {
  const { start, end } = bogotaWeekOf(now)
  const { offset, limit, pagination } = pageOf(page, LIST_PAGE_SIZE)
  const week = sql`w.week_start = ${instantSql(start)}`
  const [row] = await selectRows<{
    total: number
    docs: string
    gems: string | null
    ahead: number
  }>(
    db,
    sql`with me as (
          select w.gems, w.joined_at from ${weeklyGems} w where ${week} and w.user_id = ${userId}
        )
        select (select e.players from ${weekEarners} e where e.week_start = ${instantSql(start)}) as total,
          (select gems::text from me) as gems,
          ((select count(*) from ${weeklyGems} w, me where ${week} and w.gems > me.gems)
            + (select count(*) from ${weeklyGems} w, me
               where ${week} and w.gems = me.gems and (w.joined_at, w.user_id) < (me.joined_at, ${userId}::uuid))
          )::int as ahead,
          (select coalesce(json_agg(json_build_array(p.name, p.code, p.rank_index, p.gems)
                     order by p.gems desc, p.joined_at, p.user_id), '[]')::text
           from (
             select u.name, u.code, u.rank_index, w.gems, w.joined_at, w.user_id
             from (
               select w.user_id, w.gems, w.joined_at from ${weeklyGems} w
               where ${week}
               order by w.gems desc nulls last, w.joined_at, w.user_id
               limit ${limit} offset ${offset}
             ) w join ${users} u on u.id = w.user_id
           ) p) as docs`,
  )
  const docs = JSON.parse(row?.docs ?? '[]') as [string, string, number, number][]
  const gems = row?.gems ?? null
  return {
    docs: docs.map(([name, code, rankIndex, earned], index) => ({
      position: offset + index + 1,
      name,
      code,
      rank: describeRank(rankIndex),
      gems: Number(earned),
    })),
    ...pagination(row?.total ?? 0),
    you: { position: gems === null ? null : (row?.ahead ?? 0) + 1, gems: Number(gems ?? 0) },
    week: { start: start.toISOString(), end: end.toISOString() },
  }
}

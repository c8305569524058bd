import { sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { Leaderboard } from '../../contract/team'
import { instantSql, selectRows, type Db } from '../db/client'
import { users, weeklyGems } from '../db/schema'
import { bogotaWeekOf } from './bogota-time'
import { describeRank, LIST_PAGE_SIZE } from './rules'

/**
 * `earned(user_id, gems)`: gems of the earning kinds credited to each player in the Bogota week
 * that starts at `start`, as transfer() stores them (decision 019).
 */
function earnedCte(start: Date): SQL {
  return sql`earned(user_id, gems) as (
      select w.user_id, w.gems from ${weeklyGems} w where w.week_start = ${instantSql(start)}
    )`
}

/** SQL: the gems the game paid the player `id` in the Bogota week from `weekStart` (null for none). */
export function weekGemsSql(id: SQL, weekStart: Date | Placeholder): SQL<string | null> {
  return sql<string | null>`(select w.gems::text from ${weeklyGems} w
    where w.week_start = ${instantSql(weekStart)} and w.user_id = ${id})`
}

/** Gems the game paid a player this Bogota week (the leaderboard's figure). */
export async function weekGems(db: Db, userId: string, now: Date): Promise<number> {
  const [row] = await selectRows<{ gems: string | null }>(
    db,
    sql`select ${weekGemsSql(sql`${userId}::uuid`, bogotaWeekOf(now).start)} as gems`,
  )
  return Number(row?.gems ?? 0)
}

/**
 * GET /api/leaderboard: players ranked by the gems the game paid them this Bogota week (ties by
 * who joined first), a page at a time, and the caller's own position.
 */
export async function getLeaderboard(
  db: Db,
  userId: string,
  page: number,
  now: Date,
): Promise<Leaderboard> {
  const { start, end } = bogotaWeekOf(now)
  const ranked = sql`with ${earnedCte(start)},
    ranked as (
      select u.id, u.name, u.code, u.rank_index, e.gems,
             row_number() over (order by e.gems desc, u.created_at, u.id) as position
      from earned e join ${users} u on u.id = e.user_id
    )`
  const rows = await selectRows<{
    id: string
    name: string
    code: string
    rank_index: number
    gems: string
    place: string
  }>(
    db,
    sql`${ranked}
        select id, name, code, rank_index, gems::text as gems, position::text as place from ranked
        where position > ${(page - 1) * LIST_PAGE_SIZE} and position <= ${page * LIST_PAGE_SIZE}
           or id = ${userId}
        order by position`,
  )
  const [total] = await selectRows<{ n: string }>(
    db,
    sql`with ${earnedCte(start)} select count(*)::text as n from earned`,
  )
  const totalDocs = Number(total?.n ?? 0)
  const mine = rows.find((row) => row.id === userId)
  const first = (page - 1) * LIST_PAGE_SIZE
  return {
    docs: rows
      .filter((row) => Number(row.place) > first && Number(row.place) <= first + LIST_PAGE_SIZE)
      .map((row) => ({
        position: Number(row.place),
        name: row.name,
        code: row.code,
        rank: describeRank(row.rank_index),
        gems: Number(row.gems),
      })),
    totalPages: Math.ceil(totalDocs / LIST_PAGE_SIZE),
    totalDocs,
    limt: LIST_PAGE_SIZE,
    page,
    you: { position: mine ? Number(mine.place) : null, gems: mine ? Number(mine.gems) : 0 },
    week: { start: start.toISOString(), end: end.toISOString() },
  }
}

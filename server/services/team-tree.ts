import { sql, type SQL } from 'drizzle-orm'
import { selectRows, type Db } from '../db/client'
import { penalties, users } from '../db/schema'
import { TEAM_GENERATIONS } from './rules'

/*
 * The referral tree, read with recursive queries: a player's team is everyone they invited,
 * generation after generation, down to TEAM_GENERATIONS (8) levels. Each function below is one
 * statement, never one query per level.
 */

/**
 * The common table expression `team(id, generation)`: every member of `userId`'s team with their
 * generation (1 for direct referrals). Follow it with the query that reads it.
 */
export function teamCte(userId: string | SQL, depth = TEAM_GENERATIONS): SQL {
  return sql`with recursive team(id, generation) as (
      select id, 1 from ${users} where parent_id = ${userId}
      union all
      select u.id, t.generation + 1 from ${users} u join team t on u.parent_id = t.id
      where t.generation < ${depth}
    )`
}

/** Members per generation, index 0 for generation 1 (direct referrals), 8 numbers. */
export async function countGenerations(db: Db, userId: string): Promise<number[]> {
  const rows = await selectRows<{ generation: number; members: number | string }>(
    db,
    sql`${teamCte(userId)}
        select generation, count(*) as members from team group by generation`,
  )
  const generations = Array.from({ length: TEAM_GENERATIONS }, () => 0)
  for (const row of rows) generations[row.generation - 1] = Number(row.members)
  return generations
}

/**
 * SQL: the direct referrals and the whole team (over the team generations) of the player `id` (a
 * column of the outer query or a value), as JSON text `{"direct": n, "team": n}`.
 */
export function referralsSql(id: SQL): SQL<string> {
  return sql<string>`(${teamCte(id)}
    select json_build_object('direct', count(*) filter (where generation = 1), 'team', count(*))::text
    from team)`
}

/** Direct referrals and the whole team over the team generations. */
export async function countReferrals(
  db: Db,
  userId: string,
): Promise<{ direct: number; team: number }> {
  const [row] = await selectRows<{ referrals: string }>(
    db,
    sql`select ${referralsSql(sql`${userId}::uuid`)} as referrals`,
  )
  return JSON.parse(row?.referrals ?? '{"direct":0,"team":0}') as { direct: number; team: number }
}

/** The team size (over the team generations) of each of several players, by id. */
export async function teamSizes(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  const sizes = new Map(ids.map((id) => [id, 0]))
  if (ids.length === 0) return sizes
  const rows = await selectRows<{ root: string; members: number | string }>(
    db,
    sql`with recursive sub(root, id, generation) as (
          select parent_id, id, 1 from ${users}
          where parent_id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
          union all
          select s.root, u.id, s.generation + 1 from ${users} u join sub s on u.parent_id = s.id
          where s.generation < ${TEAM_GENERATIONS}
        )
        select root, count(*) as members from sub group by root`,
  )
  for (const row of rows) sizes.set(row.root, Number(row.members))
  return sizes
}

/**
 * The generation `memberId` is in below `userId` (1 to 8), or null when they are not in the
 * team: one recursive walk up from the member.
 */
export async function generationOf(
  db: Db,
  userId: string,
  memberId: string,
): Promise<number | null> {
  if (userId === memberId) return null
  const [row] = await selectRows<{ level: number }>(
    db,
    sql`with recursive up(id, parent_id, level) as (
          select id, parent_id, 0 from ${users} where id = ${memberId}
          union all
          select u.id, u.parent_id, up.level + 1 from ${users} u join up on u.id = up.parent_id
          where up.level < ${TEAM_GENERATIONS}
        )
        select level from up where id = ${userId}`,
  )
  return row ? Number(row.level) : null
}

/** SQL true when the player `id` is under a penalty (one not cleared by a reactivation). */
export function isPenalizedSql(id: SQL): SQL {
  return sql`exists (select 1 from ${penalties} p where p.user_id = ${id} and p.cleared_at is null)`
}

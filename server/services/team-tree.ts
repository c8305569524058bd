import { inArray, sql, type SQL } from 'drizzle-orm'
import { selectRows, type Db, type Tx } from '../db/client'
import { penalties, teamSizes, users } from '../db/schema'
import { TEAM_GENERATIONS } from './rules'

/*
 * The referral tree: a player's team is everyone they invited, generation after generation, down
 * to TEAM_GENERATIONS (8) levels. Its sizes are stored (team_sizes, kept by countNewMember); its
 * members are read with recursive queries. Each function below is one statement, never one query
 * per level.
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
 * Counts a new player in the stored team sizes (decision 019) of everyone above them, up to
 * TEAM_GENERATIONS: one statement, in the transaction that inserts the player. The rows are
 * updated from the parent up, the same order for every signup, so concurrent signups in one
 * branch queue on the shared ancestors instead of deadlocking.
 */
export async function countNewMember(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`${ancestorsCte(sql`id = ${userId}`)}
    insert into ${teamSizes} (user_id, direct, team)
    select id, case when generation = 1 then 1 else 0 end, 1 from up order by generation
    on conflict (user_id) do update
      set direct = ${teamSizes.direct} + excluded.direct, team = ${teamSizes.team} + excluded.team`)
}

/**
 * `up(id, generation)`: for each player `members` selects, every ancestor up to TEAM_GENERATIONS
 * above them, with the generation the player is in below it: one row per pair.
 */
function ancestorsCte(members: SQL): SQL {
  return sql`with recursive up(id, generation) as (
      select parent_id, 1 from ${users} where parent_id is not null and ${members}
      union all
      select u.parent_id, up.generation + 1 from ${users} u join up on u.id = up.id
      where u.parent_id is not null and up.generation < ${TEAM_GENERATIONS}
    )`
}

/** Where the stored team sizes differ from the tree's, one line each (empty when they agree). */
export async function teamSizesDrift(db: Db): Promise<string[]> {
  const rows = await selectRows<{ id: string; tree: string | null; stored: string | null }>(
    db,
    sql`${ancestorsCte(sql`true`)},
        tree as (
          select id, count(*) filter (where generation = 1) as direct, count(*) as team
          from up group by id
        )
        select coalesce(t.id, s.user_id)::text as id,
               concat_ws('/', t.direct, t.team) as tree, concat_ws('/', s.direct, s.team) as stored
        from tree t full join ${teamSizes} s on s.user_id = t.id
        where (t.direct, t.team) is distinct from (s.direct, s.team)`,
  )
  return rows.map(
    (row) =>
      `team_sizes ${row.id}: stored ${row.stored || 'nothing'}, the tree says ${row.tree || 'nothing'}`,
  )
}

/**
 * SQL: the direct referrals and the whole team (over the team generations) of the player `id` (a
 * column of the outer query or a value), as JSON text `{"direct": n, "team": n}`.
 */
export function referralsSql(id: SQL): SQL<string> {
  return sql<string>`coalesce(
    (select json_build_object('direct', t.direct, 'team', t.team)::text
      from ${teamSizes} t where t.user_id = ${id}),
    '{"direct":0,"team":0}')`
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
export async function teamSizesOf(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  const sizes = new Map(ids.map((id) => [id, 0]))
  if (ids.length === 0) return sizes
  const rows = await db
    .select({ userId: teamSizes.userId, team: teamSizes.team })
    .from(teamSizes)
    .where(inArray(teamSizes.userId, [...ids]))
  for (const row of rows) sizes.set(row.userId, row.team)
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

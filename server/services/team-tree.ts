import { sql, type SQL } from 'drizzle-orm'
import { selectRows, type Db, type Tx } from '../db/client'
import { penalties, teamLevels, teamLinks, users } from '../db/schema'
import { TEAM_GENERATIONS } from './rules'

/*
 * The referral tree: a player's team is everyone they invited, generation after generation, down
 * to TEAM_GENERATIONS (8) levels. It is stored as pairs (team_links: sponsor, member, generation)
 * and each generation's size (team_levels), both written at signup (decision 023), so every read
 * here is an index range of one player's team, whatever the size of the tree.
 */

/** Members per generation, index 0 for generation 1 (direct referrals), 8 numbers. */
export function generationsSql(id: SQL): SQL<string> {
  return sql<string>`(select coalesce(json_object_agg(l.generation, l.members), '{}')::text
    from ${teamLevels} l where l.user_id = ${id})`
}

/** Reads `generationsSql`'s JSON: the eight counts, 0 for an empty generation. */
export function parseGenerations(json: string): number[] {
  const counts = JSON.parse(json) as Record<string, number>
  return Array.from({ length: TEAM_GENERATIONS }, (_, index) => counts[index + 1] ?? 0)
}

/**
 * Links a new player into the tree, in the transaction that inserts them: a row for each sponsor
 * above them up to TEAM_GENERATIONS (their parent's rows one generation further, and their parent
 * at 1), and one more member in each of those generations' sizes. One statement. The sizes are
 * updated from the parent up, the same order for every signup in a branch, so concurrent signups
 * queue on the shared rows instead of deadlocking.
 */
export async function linkNewMember(
  tx: Tx,
  member: { id: string; parentId: string | null; createdAt: Date },
): Promise<void> {
  if (member.parentId === null) return
  const joinedAt = member.createdAt.toISOString()
  await tx.execute(sql`with links as (
      insert into ${teamLinks} (ancestor_id, generation, joined_at, member_id)
      select ${member.parentId}::uuid, 1, ${joinedAt}::timestamptz, ${member.id}::uuid
      union all
      select l.ancestor_id, l.generation + 1, ${joinedAt}::timestamptz, ${member.id}::uuid
      from ${teamLinks} l
      where l.member_id = ${member.parentId} and l.generation < ${TEAM_GENERATIONS}
      returning ancestor_id, generation
    )
    insert into ${teamLevels} (user_id, generation, members)
    select ancestor_id, generation, 1 from links order by generation
    on conflict (user_id, generation) do update set members = ${teamLevels.members} + 1`)
}

/**
 * Counts `memberId` as qualified (they played: decision 026) in every generation of every sponsor
 * above them, in the transaction that stamps their `first_played_at` (recordFirstPlay), so
 * the stored counts rank requirements read move with the stamp. The rows are locked from the
 * parent up, the order linkNewMember updates them in, so a qualification and a signup in one
 * branch queue instead of deadlocking.
 */
export async function qualifyMember(tx: Tx, memberId: string): Promise<void> {
  await tx.execute(sql`with above as (
      select t.user_id, t.generation from ${teamLevels} t
      join ${teamLinks} l on l.ancestor_id = t.user_id and l.generation = t.generation
      where l.member_id = ${memberId}
      order by t.generation
      for update of t
    )
    update ${teamLevels} t set qualified = t.qualified + 1
    from above where t.user_id = above.user_id and t.generation = above.generation`)
}

/**
 * Where the stored tree differs from a walk of `users.parent_id`, one line each (empty when they
 * agree): every pair the walk finds and no other in team_links, and each generation's size in
 * team_levels equal to its pairs.
 */
export async function teamTreeDrift(db: Db): Promise<string[]> {
  const links = await selectRows<{
    ancestor: string
    member: string
    walked: number | null
    stored: number | null
  }>(
    db,
    sql`with recursive up(ancestor, generation, member) as (
          select parent_id, 1, id from ${users} where parent_id is not null
          union all
          select u.parent_id, up.generation + 1, up.member from up join ${users} u on u.id = up.ancestor
          where u.parent_id is not null and up.generation < ${TEAM_GENERATIONS}
        ),
        walked as (
          select up.ancestor, up.member, up.generation, m.created_at
          from up join ${users} m on m.id = up.member
        )
        select coalesce(w.ancestor, l.ancestor_id)::text as ancestor,
               coalesce(w.member, l.member_id)::text as member,
               w.generation as walked, l.generation as stored
        from walked w full join ${teamLinks} l on l.ancestor_id = w.ancestor and l.member_id = w.member
        where (w.generation, w.created_at) is distinct from (l.generation, l.joined_at)`,
  )
  const levels = await selectRows<{
    id: string
    generation: number
    links: number | null
    stored: number | null
    played: number | null
    qualified: number | null
  }>(
    db,
    sql`with counted as (
          select l.ancestor_id, l.generation, count(*)::int as n,
                 (count(*) filter (where m.first_played_at is not null))::int as played
          from ${teamLinks} l join ${users} m on m.id = l.member_id group by 1, 2
        )
        select coalesce(c.ancestor_id, l.user_id)::text as id,
               coalesce(c.generation, l.generation) as generation, c.n as links, l.members as stored,
               c.played, l.qualified
        from counted c full join ${teamLevels} l
          on l.user_id = c.ancestor_id and l.generation = c.generation
        where (c.n, c.played) is distinct from (l.members, l.qualified)`,
  )
  return [
    ...links.map(
      (row) =>
        `team_links ${row.ancestor} > ${row.member}: stored generation ${row.stored ?? 'none'} (or its join date), the tree says ${row.walked ?? 'none'}`,
    ),
    ...levels.map(
      (row) =>
        `team_levels ${row.id} generation ${row.generation}: stored ${row.stored ?? 'nothing'} (${row.qualified ?? 0} qualified), team_links hold ${row.links ?? 0} (${row.played ?? 0} who played)`,
    ),
  ]
}

/**
 * Which members a count takes: all of them (what the team screens list), or those who qualified
 * by playing (decision 026), the ones rank requirements count (issue 29: a farmer's accounts that
 * never played reach no rank).
 */
export type Counted = 'members' | 'qualified'

/**
 * SQL: the direct referrals and the whole team (over the team generations) of the player `id` (a
 * column of the outer query or a value), as JSON text `{"direct": n, "team": n}`.
 */
export function referralsSql(id: SQL, counted: Counted = 'members'): SQL<string> {
  const column = counted === 'members' ? sql`l.members` : sql`l.qualified`
  return sql<string>`(select json_build_object(
      'direct', coalesce(sum(${column}) filter (where l.generation = 1), 0),
      'team', coalesce(sum(${column}), 0))::text
    from ${teamLevels} l where l.user_id = ${id})`
}

/** Direct referrals and the whole team over the team generations. */
export async function countReferrals(
  db: Db,
  userId: string,
  counted: Counted = 'members',
): Promise<{ direct: number; team: number }> {
  const [row] = await selectRows<{ referrals: string }>(
    db,
    sql`select ${referralsSql(sql`${userId}::uuid`, counted)} as referrals`,
  )
  return JSON.parse(row?.referrals ?? '{"direct":0,"team":0}') as { direct: number; team: number }
}

/** SQL: the team size (over the team generations) of the player `id`. */
export function teamSizeSql(id: SQL): SQL<number> {
  return sql<number>`(select coalesce(sum(l.members), 0)::int from ${teamLevels} l where l.user_id = ${id})`
}

/** SQL true when the player `id` is under a penalty (one not cleared by a reactivation). */
export function isPenalizedSql(id: SQL): SQL {
  return sql`exists (select 1 from ${penalties} p where p.user_id = ${id} and p.cleared_at is null)`
}

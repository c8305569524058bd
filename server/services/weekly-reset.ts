import { inArray, sql } from 'drizzle-orm'
import { instantSql, selectRows, type Tx } from '../db/client'
import {
  accounts,
  ledgerEntries,
  ledgerTransfers,
  penalties,
  stationRuns,
  teamLinks,
  users,
} from '../db/schema'
import { bogotaWeek, startOfBogotaWeek } from './bogota-time'
import { addMessages, type MessageFor } from './messages'
import { describeRank, rankForTeam, TEAM_EARNING_KINDS } from './rules'
import { isPenalizedSql, referralsSql } from './team-tree'

/*
 * The weekly reset, at the start of each Bogota week (Monday 00:00), once across all servers: the
 * scheduled job `weekly-reset` (server/services/scheduled-jobs.ts), or `npm run admin -- run-job
 * weekly-reset`. For the week that just ended it
 *   1. gives a penalty to every player who fueled no station in it (players who joined during it
 *      are spared), with a 'penalty' message;
 *   2. promotes every player whose team (its members who played) now meets a higher rank's
 *      thresholds, with a 'newRank' message (ranks never drop);
 *   3. tells every player what their team earned in it (a 'weeklyReset' message).
 * Every write is keyed by the week, so running it twice for a week changes nothing more. The
 * messages are stamped in that order (the week, then the penalty, then the rank), as they read.
 */

type PlayerWeek = {
  id: string
  rank_index: number
  /** The members who played, the ones rank requirements count (`referralsSql`'s JSON). */
  qualified: string
  team_gems: number | string
}

/** Runs the reset for the week `week` (its Monday) started; `now` stamps what it writes. */
export async function runWeeklyReset(db: Tx, week: string, now: Date): Promise<void> {
  const weekStart = startOfBogotaWeek(now)
  const endedStart = startOfBogotaWeek(new Date(weekStart.getTime() - 1))
  const ended = bogotaWeek(endedStart)
  const from = endedStart.toISOString()
  const to = weekStart.toISOString()

  const penalized = await selectRows<{ userId: string }>(
    db,
    sql`insert into ${penalties} (user_id, week, created_at)
        select u.id, ${ended}, ${instantSql(now)} from ${users} u
        where u.created_at < ${from}::timestamptz and not exists (
          select 1 from ${stationRuns} r where r.user_id = u.id
            and r.starts_at >= ${from}::timestamptz and r.starts_at < ${to}::timestamptz)
        on conflict do nothing
        returning user_id as "userId"`,
  )
  const messages: MessageFor[] = []
  if (penalized.length > 0) {
    const counts = await db
      .select({ userId: penalties.userId, n: sql<number>`count(*)::int` })
      .from(penalties)
      .where(
        inArray(
          penalties.userId,
          penalized.map((row) => row.userId),
        ),
      )
      .groupBy(penalties.userId)
    for (const { userId, n } of counts) {
      messages.push({
        userId,
        message: { kind: 'penalty', payload: { week: ended, penalties: n } },
        dedupeKey: `penalty:${ended}`,
        at: new Date(now.getTime() + 1),
      })
    }
  }

  const kinds = sql.join(
    TEAM_EARNING_KINDS.map((kind) => sql`${kind}`),
    sql`, `,
  )
  const players = await selectRows<PlayerWeek>(
    db,
    sql`with earned(user_id, gems) as (
          select a.user_id, sum(e.amount) from ${ledgerEntries} e
          join ${accounts} a on a.id = e.account_id and a.currency = 'gems'
          join ${ledgerTransfers} lt on lt.id = e.transfer_id
          where e.amount > 0 and lt.kind in (${kinds})
            and lt.created_at >= ${from}::timestamptz and lt.created_at < ${to}::timestamptz
            and not ${isPenalizedSql(sql`a.user_id`)}
          group by a.user_id
        )
        select u.id, u.rank_index, ${referralsSql(sql`u.id`, 'qualified')} as qualified,
               coalesce(sum(e.gems), 0) as team_gems
        from ${users} u
        left join ${teamLinks} l on l.ancestor_id = u.id
        left join earned e on e.user_id = l.member_id
        where u.created_at < ${to}::timestamptz
        group by u.id, u.rank_index`,
  )

  for (const player of players) {
    const qualified = JSON.parse(player.qualified) as { direct: number; team: number }
    const reached = rankForTeam(qualified.team, qualified.direct)
    if (reached > player.rank_index) {
      await db.execute(
        sql`update ${users} set rank_index = greatest(rank_index, ${reached}) where id = ${player.id}`,
      )
      const rank = describeRank(reached)
      messages.push({
        userId: player.id,
        message: {
          kind: 'newRank',
          payload: { rankIndex: rank.index, rankName: rank.name, percent: rank.percent },
        },
        dedupeKey: `new-rank:${reached}`,
        at: new Date(now.getTime() + 2),
      })
    }
    messages.push({
      userId: player.id,
      message: {
        kind: 'weeklyReset',
        payload: { week: ended, teamGems: Number(player.team_gems) },
      },
      dedupeKey: `weekly-reset:${week}`,
      at: now,
    })
  }
  await addMessages(db, messages)
}

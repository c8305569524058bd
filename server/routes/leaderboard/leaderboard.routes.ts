import { Hono } from 'hono'
import { pageNumber } from '../../../contract/pagination'
import { leaderboard, leaderboardQuery } from '../../../contract/team'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import type { AppEnv } from '../../http/request-context'
import { validate } from '../../http/validate'
import { getLeaderboard } from '../../services/leaderboard'

/** The global leaderboard (/global). */
export function leaderboardRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>().get(
    '/',
    endpoint({
      summary: 'Players ranked by the gems the game paid them this Bogota week.',
      description:
        'Gems of missions, videos, playlists, volta charge, mines, team bonuses, rank gems and referrals since Monday 00:00 in Bogota; ties go to who joined first. Pages of 10; `you` is the caller’s position (null before they earn this week).',
      auth: 'session',
      response: leaderboard,
    }),
    validate('query', leaderboardQuery),
    async (c) =>
      reply(
        c,
        await getLeaderboard(db, c.var.user.id, pageNumber(c.req.valid('query').page), now()),
      ),
  )
}

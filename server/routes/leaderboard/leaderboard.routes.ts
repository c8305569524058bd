import { Hono } from 'hono'
import * as leaderboard from '../../../contract/endpoints/leaderboard'
import { pageNumber } from '../../../contract/pagination'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import type { AppEnv } from '../../http/request-context'
import { getLeaderboard } from '../../services/leaderboard'

/** The global leaderboard (/global). */
export function leaderboardRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>().get(...endpoint(leaderboard.getLeaderboard), async (c) =>
    reply(c, await getLeaderboard(db, c.var.user.id, pageNumber(c.req.valid('query').page), now())),
  )
}

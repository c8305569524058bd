import { Hono } from 'hono'
import * as user from '../../../contract/endpoints/user'
import type { RouteDeps } from '../../http/deps'
import { endpoint, readingWithSession } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import type { AppEnv } from '../../http/request-context'
import { claimRankReward, getRankReward } from '../../services/progress'
import {
  getFounders,
  getMemberDetail,
  listLevel,
  listReferrals,
  teamRead,
} from '../../services/team'
import { enableCode, setPhone } from '../../services/users'

/** The player's team, rank gems and standing under /api/user. */
export function userTeamRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .get(...readingWithSession(endpoint(user.getTeam), teamRead), (c) => reply(c, c.var.read))
    .get(...endpoint(user.getTeamLevel), async (c) =>
      reply(
        c,
        await listLevel(
          db,
          c.var.user.id,
          Number(c.req.valid('param').level),
          c.req.valid('query'),
          now(),
        ),
      ),
    )
    .get(...endpoint(user.getReferrals), async (c) =>
      reply(c, await listReferrals(db, c.var.user.id, c.req.valid('query'), now())),
    )
    .get(...endpoint(user.getMemberDetail), async (c) =>
      reply(c, await getMemberDetail(db, c.var.user.id, c.req.valid('param').id, now())),
    )
    .get(...endpoint(user.getFounders), async (c) => reply(c, await getFounders(db, c.var.user.id)))
    .get(...endpoint(user.getRankReward), async (c) =>
      reply(
        c,
        await getRankReward(db, c.var.user.id, Number(c.req.valid('query').gainRewardTarget)),
      ),
    )
    .patch(...endpoint(user.claimRankReward), idempotent(db), async (c) =>
      reply(
        c,
        await claimRankReward(c.var.db, c.var.user.id, c.req.valid('json').gainRewardTarget, now()),
      ),
    )
    .post(...endpoint(user.savePhone), async (c) =>
      reply(c, await setPhone(db, c.var.user.id, c.req.valid('json').phone, now())),
    )
    .post(...endpoint(user.enableCode), async (c) =>
      reply(c, await enableCode(db, c.var.user.id, c.req.valid('json').code, now())),
    )
}

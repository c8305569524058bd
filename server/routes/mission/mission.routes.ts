import { Hono } from 'hono'
import * as mission from '../../../contract/endpoints/mission'
import type { SocialNetworkType } from '../../../contract/missions'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import type { AppEnv } from '../../http/request-context'
import { deviceAccess } from '../../services/devices'
import {
  addMission,
  checkMission,
  claimMission,
  claimPending,
  getDailyMissions,
  getPending,
  listAvailable,
  listCurrent,
} from '../../services/missions'
import { pageNumber } from '../../../contract/pagination'
import { listAccounts, registerAccount } from '../../services/social-accounts'

/** Social accounts, social missions, the daily cap, claims and the device rule: /api/mission. */
export function missionRoutes({ db, now, socialProvider, accountAutoVerifyMs }: RouteDeps) {
  return new Hono<AppEnv>()
    .get(...endpoint(mission.getDailyMissions), async (c) =>
      reply(c, await getDailyMissions(db, c.var.user, now())),
    )
    .get(...endpoint(mission.getAccount), async (c) =>
      reply(c, await listAccounts(db, c.var.user.id, now())),
    )
    .post(...endpoint(mission.registerAccount), async (c) =>
      reply(
        c,
        await registerAccount(db, c.var.user.id, c.req.valid('json'), {
          now: now(),
          autoVerifyAfterMs: accountAutoVerifyMs,
        }),
      ),
    )
    .get(...endpoint(mission.getAvailableMissions), async (c) => {
      const query = c.req.valid('query')
      const network = Number(query.type) as SocialNetworkType
      return reply(
        c,
        await listAvailable(db, c.var.user.id, network, pageNumber(query.page), now()),
      )
    })
    .get(...endpoint(mission.getCurrentMissions), async (c) =>
      reply(c, await listCurrent(db, c.var.user.id, pageNumber(c.req.valid('query').page))),
    )
    .get(...endpoint(mission.checkAccess), async (c) => {
      const { deviceId } = c.req.valid('query')
      return reply(c, await deviceAccess(db, c.var.user.id, deviceId))
    })
    .post(...endpoint(mission.addMission), async (c) =>
      reply(c, await addMission(db, c.var.user, c.req.valid('json'), now())),
    )
    .get(...endpoint(mission.checkMission), async (c) =>
      reply(
        c,
        await checkMission(db, c.var.user.id, c.req.valid('param').id, now(), socialProvider),
      ),
    )
    .post(...endpoint(mission.claimMission), idempotent(db), async (c) =>
      reply(c, await claimMission(c.var.db, c.var.user, c.req.valid('json').missionId, now())),
    )
    .get(...endpoint(mission.getReferralEarnings), async (c) =>
      reply(c, await getPending(db, c.var.user.id, 'referral')),
    )
    .post(...endpoint(mission.claimReferralEarnings), idempotent(db), async (c) =>
      reply(c, await claimPending(c.var.db, c.var.user.id, 'referral', now())),
    )
}

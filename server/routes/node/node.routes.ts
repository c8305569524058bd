import { Hono } from 'hono'
import * as v from 'valibot'
import {
  mineState,
  payoutDetail,
  payoutParams,
  payoutSummary,
  miningMessages,
} from '../../../contract/mining'
import { pageField, pageNumber, paginated } from '../../../contract/pagination'
import { rankProgress } from '../../../contract/progress'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import type { AppEnv } from '../../http/request-context'
import { validate } from '../../http/validate'
import { readMine } from '../../services/mining'
import { getPayout, listPayouts } from '../../services/payouts'
import { getRankProgress } from '../../services/progress'

/** The mine (its nodes are the nine stations), rank progress and the payouts' explanations. */
export function nodeRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .get(
      '/',
      endpoint({
        summary: "The player's mine: mode, stations, backpack, team bonus and balances.",
        description:
          'Computed from timestamps: the backpack holds what the stations on since the last collect produced, up to its capacity; `perSecond` is how fast it fills now. The mine opens (terycarbons mode) on first use.',
        auth: 'session',
        response: mineState,
      }),
      async (c) => reply(c, await readMine(db, c.var.user.id, now())),
    )
    .get(
      '/progress',
      endpoint({
        summary: 'Rank progress: the rank held, referrals, every rank and the week’s time left.',
        auth: 'session',
        response: rankProgress,
      }),
      async (c) => reply(c, await getRankProgress(db, c.var.user.id, now())),
    )
    .get(
      '/payouts',
      endpoint({
        summary: 'What the mine, the team bonus and the ranks paid the player, newest first.',
        description: 'Pages of 10. Each payout is explained by GET /api/node/payouts/{id}.',
        auth: 'session',
        response: paginated(payoutSummary),
      }),
      validate('query', v.object({ page: pageField })),
      async (c) =>
        reply(c, await listPayouts(db, c.var.user.id, pageNumber(c.req.valid('query').page))),
    )
    .get(
      '/payouts/:id',
      endpoint({
        summary: 'One credit to the player and what produced it, as the ledger recorded it.',
        description:
          '`cause` is the record written with the transfer: for `mine.collect` the window, the mode and each station’s part (`s1` to `s9`); for `team.bonus` the day, the rank, what each generation earned (`g1` to `g8`), each station’s hours (`h1` to `h9`) and part; for `rank.reward` the rank and the team. Nothing is recomputed.',
        auth: 'session',
        response: payoutDetail,
        errors: [
          {
            status: 404,
            message: miningMessages.payoutNotFound,
            when: 'No credit with this id went to the player.',
          },
        ],
      }),
      validate('param', payoutParams),
      async (c) => reply(c, await getPayout(db, c.var.user.id, Number(c.req.valid('param').id))),
    )
}

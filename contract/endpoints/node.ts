import * as v from 'valibot'
import { mineState, miningMessages, payoutDetail, payoutParams, payoutSummary } from '../mining'
import { pageField, paginated } from '../pagination'
import { rankProgress } from '../progress'
import { defineEndpoint } from '../endpoint'

export const getMine = defineEndpoint({
  method: 'GET',
  path: '/api/node',
  summary: "The player's mine: mode, stations, backpack, team bonus and balances.",
  description:
    'Computed from timestamps: the backpack holds what the stations on since the last collect produced, up to its capacity; `perSecond` is how fast it fills now. The mine opens (terycarbons mode) on first use.',
  auth: 'session',
  response: mineState,
})

export const getProgress = defineEndpoint({
  method: 'GET',
  path: '/api/node/progress',
  summary: 'Rank progress: the rank held, referrals, every rank and the week’s time left.',
  auth: 'session',
  response: rankProgress,
})

export const getPayouts = defineEndpoint({
  method: 'GET',
  path: '/api/node/payouts',
  summary: 'What the mine, the team bonus and the ranks paid the player, newest first.',
  description: 'Pages of 10. Each payout is explained by GET /api/node/payouts/{id}.',
  auth: 'session',
  query: v.object({ page: pageField }),
  response: paginated(payoutSummary),
})

export const getPayout = defineEndpoint({
  method: 'GET',
  path: '/api/node/payouts/:id',
  summary: 'One credit to the player and what produced it, as the ledger recorded it.',
  description:
    '`cause` is the record written with the transfer: for `mine.collect` the window, the mode and each station’s part (`s1` to `s9`); for `team.bonus` the day, the rank, what each generation earned (`g1` to `g8`), each station’s hours (`h1` to `h9`) and part; for `rank.reward` the rank and the team. Nothing is recomputed.',
  auth: 'session',
  params: payoutParams,
  response: payoutDetail,
  errors: [
    {
      status: 404,
      message: miningMessages.payoutNotFound,
      when: 'No credit with this id went to the player.',
    },
  ],
})

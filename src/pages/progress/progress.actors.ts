import { fromPromise } from 'xstate'
import type { rankRewardMachine } from '../../../machines/rank-reward/rank-reward.machine'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import type { RankProgress } from '../../../contract/progress'
import type { RankDetail } from '../../../contract/rank'
import * as node from '../../../contract/endpoints/node'
import * as rank from '../../../contract/endpoints/rank'
import * as user from '../../../contract/endpoints/user'
import { call } from '../../api/http'

/** GET /api/node/progress */
export const progressMachine = createResourceMachine<RankProgress>('progress')

export const progressActors: MachineActors<typeof progressMachine> = {
  load: fromPromise(async () => ({ data: await call(node.getProgress) })),
}

/** GET /api/rank/{id}: the rank the pager shows. */
export const rankDetailMachine = createResourceMachine<RankDetail>('rank-detail')

export function rankDetailActors(index: number): MachineActors<typeof rankDetailMachine> {
  return {
    load: fromPromise(async () => ({ data: await call(rank.getRank, { params: { id: index } }) })),
  }
}

/** A rank's gems: GET and PATCH /api/user/gainReward. */
export const rankRewardActors: MachineActors<typeof rankRewardMachine> = {
  loadReward: fromPromise(({ input }) =>
    call(user.getRankReward, { query: { gainRewardTarget: input.rankIndex } }),
  ),
  claimReward: fromPromise(({ input }) =>
    call(user.claimRankReward, { body: { gainRewardTarget: input.rankIndex } }),
  ),
}

import { fromPromise } from 'xstate'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import type { Leaderboard } from '../../../contract/team'
import * as leaderboard from '../../../contract/endpoints/leaderboard'
import { call } from '../../api/http'

/** GET /api/leaderboard, a page at a time; the caller's position comes with every page. */
export const leaderboardMachine = createResourceMachine<Leaderboard>('leaderboard')

export const leaderboardActors: MachineActors<typeof leaderboardMachine> = {
  load: fromPromise(async ({ input }) => {
    const board = await call(leaderboard.getLeaderboard, { query: { page: input.page } })
    const { totalPages, totalDocs, limt, page } = board
    return { data: board, pagination: { totalPages, totalDocs, limt, page } }
  }),
}

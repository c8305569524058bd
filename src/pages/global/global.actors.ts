import { fromPromise } from 'xstate'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import type { Leaderboard } from '../../../contract/team'
import { getLeaderboard } from '../../api/leaderboard'

/** GET /api/leaderboard, a page at a time; the caller's position comes with every page. */
export const leaderboardMachine = createResourceMachine<Leaderboard>('leaderboard')

export const leaderboardActors: MachineActors<typeof leaderboardMachine> = {
  load: fromPromise(async ({ input }) => {
    const board = await getLeaderboard(input.page)
    const { totalPages, totalDocs, limt, page } = board
    return { data: board, pagination: { totalPages, totalDocs, limt, page } }
  }),
}

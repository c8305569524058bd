import { fromPromise } from 'xstate'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import type { Referral, TeamListQuery } from '../../../contract/team'
import { getReferrals } from '../../api/user'

/** GET /api/user/referral, a page at a time, with the list's filter. */
export const referralsMachine = createResourceMachine<Referral[]>('referrals')

export function referralsActors(filter: TeamListQuery): MachineActors<typeof referralsMachine> {
  return {
    load: fromPromise(async ({ input }) => {
      const { docs, ...pagination } = await getReferrals({ ...filter, page: input.page })
      return { data: docs, pagination }
    }),
  }
}

import { fromPromise } from 'xstate'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import type { Referral, TeamListQuery } from '../../../contract/team'
import * as user from '../../../contract/endpoints/user'
import { call } from '../../api/http'
import { pageOfDocs } from '../../shared/resource-page'

/** GET /api/user/referral, a page at a time, with the list's filter. */
export const referralsMachine = createResourceMachine<Referral[]>('referrals')

export function referralsActors(filter: TeamListQuery): MachineActors<typeof referralsMachine> {
  return {
    load: fromPromise(({ input }) =>
      call(user.getReferrals, { query: { ...filter, page: input.page } }).then(pageOfDocs),
    ),
  }
}

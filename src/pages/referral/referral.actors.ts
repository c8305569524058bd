import { fromPromise } from 'xstate'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import type { Referral } from '../../../contract/team'
import * as user from '../../../contract/endpoints/user'
import { call } from '../../api/http'
import { pageOfDocs } from '../../shared/resource-page'
import type { TeamFilter } from '../../shared/team-filter'

/** GET /api/user/referral, a page at a time, with the filters the machine keeps. */
export const referralsMachine = createResourceMachine<Referral[], TeamFilter>('referrals')

export const referralsActors: MachineActors<typeof referralsMachine> = {
  load: fromPromise(({ input }) =>
    call(user.getReferrals, { query: { ...input.query, page: input.page } }).then(pageOfDocs),
  ),
}

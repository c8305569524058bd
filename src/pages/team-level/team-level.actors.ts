import { fromPromise } from 'xstate'
import { createDisclosureMachine } from '../../../machines/disclosure/disclosure.machine'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import type { MemberDetail, TeamMember } from '../../../contract/team'
import * as user from '../../../contract/endpoints/user'
import { call } from '../../api/http'
import { pageOfDocs } from '../../shared/resource-page'
import type { TeamFilter } from '../../shared/team-filter'

/** GET /api/user/team/{level}/level, a page at a time, with the filters the machine keeps. */
export const teamLevelMachine = createResourceMachine<TeamMember[], TeamFilter>('team-level')

export function teamLevelActors(level: number): MachineActors<typeof teamLevelMachine> {
  return {
    load: fromPromise(({ input }) =>
      call(user.getTeamLevel, {
        params: { level },
        query: { ...input.query, page: input.page },
      }).then(pageOfDocs),
    ),
  }
}

/** The details modal, about the member the player chose in the list. */
export const memberDialogMachine = createDisclosureMachine<TeamMember>('member-dialog')

/** GET /api/user/team/{id}/details */
export const memberDetailMachine = createResourceMachine<MemberDetail>('member-details')

export function memberDetailActors(id: string): MachineActors<typeof memberDetailMachine> {
  return {
    load: fromPromise(async () => ({ data: await call(user.getMemberDetail, { params: { id } }) })),
  }
}

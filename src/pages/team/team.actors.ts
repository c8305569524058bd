import { fromPromise } from 'xstate'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import type { TeamOverview } from '../../../contract/team'
import * as user from '../../../contract/endpoints/user'
import { call } from '../../api/http'

/** GET /api/user/team: rank, stations and the eight generation counts. */
export const teamMachine = createResourceMachine<TeamOverview>('team')

export const teamActors: MachineActors<typeof teamMachine> = {
  load: fromPromise(async () => ({ data: await call(user.getTeam) })),
}

import { fromPromise } from 'xstate'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import type { Founders } from '../../../contract/team'
import * as user from '../../../contract/endpoints/user'
import { call } from '../../api/http'

/** GET /api/user/founder: the first players of Tery. */
export const foundersMachine = createResourceMachine<Founders>('founders')

export const foundersActors: MachineActors<typeof foundersMachine> = {
  load: fromPromise(async () => ({ data: await call(user.getFounders) })),
}

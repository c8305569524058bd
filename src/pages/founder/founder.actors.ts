import { fromPromise } from 'xstate'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import type { Founders } from '../../../contract/team'
import { getFounders } from '../../api/user'

/** GET /api/user/founder: the first players of Tery. */
export const foundersMachine = createResourceMachine<Founders>('founders')

export const foundersActors: MachineActors<typeof foundersMachine> = {
  load: fromPromise(async () => ({ data: await getFounders() })),
}

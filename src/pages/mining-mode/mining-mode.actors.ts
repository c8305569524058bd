import { fromPromise } from 'xstate'
import type { miningModeMachine } from '../../../machines/mining-mode/mining-mode.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import * as node from '../../../contract/endpoints/node'
import * as user from '../../../contract/endpoints/user'
import { call } from '../../api/http'

/** The mining mode: the mine's options (GET /api/node) and PATCH /api/user/miningMode. */
export const miningModeActors: MachineActors<typeof miningModeMachine> = {
  loadMine: fromPromise(() => call(node.getMine)),
  changeMode: fromPromise(({ input }) => call(user.changeMiningMode, { body: input })),
}

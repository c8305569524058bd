import { fromPromise } from 'xstate'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import type { TrainingOverview } from '../../../contract/training'
import * as training from '../../../contract/endpoints/training'
import { call } from '../../api/http'

/** GET /api/user/training through the reusable loader: the finance track's card. */
export const financeTrainingMachine = createResourceMachine<TrainingOverview>('finance-training')

export const financeTrainingActors: MachineActors<typeof financeTrainingMachine> = {
  load: fromPromise(async () => ({ data: await call(training.getTraining) })),
}

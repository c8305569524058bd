import { fromPromise } from 'xstate'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import type { TrainingOverview } from '../../../contract/training'
import * as training from '../../../contract/endpoints/training'
import { call } from '../../api/http'

/** GET /api/user/training through the reusable loader: the day and the tracks. */
export const trainingsMachine = createResourceMachine<TrainingOverview>('trainings')

export const trainingsActors: MachineActors<typeof trainingsMachine> = {
  load: fromPromise(async () => ({ data: await call(training.getTraining) })),
}

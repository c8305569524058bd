import { fromPromise } from 'xstate'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import type { TrainingOverview, TrainingTrack } from '../../../contract/training'
import * as training from '../../../contract/endpoints/training'
import { call } from '../../api/http'

/** GET /api/user/training?track= through the reusable loader: one track and its lessons. */
export const trainingTrackMachine = createResourceMachine<TrainingOverview>('training-track')

export function trainingTrackActors(
  track: TrainingTrack,
): MachineActors<typeof trainingTrackMachine> {
  return {
    load: fromPromise(async () => ({
      data: await call(training.getTraining, { query: { track } }),
    })),
  }
}

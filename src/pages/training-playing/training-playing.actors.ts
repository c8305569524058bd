import { fromPromise } from 'xstate'
import type { trainingMachine } from '../../../machines/training/training.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import * as training from '../../../contract/endpoints/training'
import { call } from '../../api/http'

/** One lesson's I/O: loading it, and finishing it with the answers. */
export function trainingActors(resourceId: string): MachineActors<typeof trainingMachine> {
  return {
    loadLesson: fromPromise(() => call(training.getLesson, { query: { resourceId } })),
    finishLesson: fromPromise(({ input }) =>
      call(training.finishLesson, { body: { resourceId, answers: input.answers } }),
    ),
  }
}

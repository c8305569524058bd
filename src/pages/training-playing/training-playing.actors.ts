import { fromPromise } from 'xstate'
import type { trainingMachine } from '../../../machines/training/training.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import { finishLesson, getLesson } from '../../api/training'

/** One lesson's I/O: loading it, and finishing it with the answers. */
export function trainingActors(resourceId: string): MachineActors<typeof trainingMachine> {
  return {
    loadLesson: fromPromise(() => getLesson(resourceId)),
    finishLesson: fromPromise(({ input }) => finishLesson({ resourceId, answers: input.answers })),
  }
}

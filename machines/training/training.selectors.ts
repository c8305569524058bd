import type { SnapshotFrom } from 'xstate'
import type { CurrencyAmount } from '../../contract/currencies'
import type { TrainingLesson } from '../../contract/training'
import type { trainingMachine } from './training.machine'

export type TrainingSnapshot = SnapshotFrom<typeof trainingMachine>

export type LessonStatus =
  'loading' | 'failed' | 'locked' | 'available' | 'reading' | 'quiz' | 'finishing' | 'finished'

export function selectLessonStatus(snapshot: TrainingSnapshot): LessonStatus {
  if (snapshot.matches({ playing: 'reading' })) return 'reading'
  if (snapshot.matches({ playing: 'quiz' })) return 'quiz'
  const statuses = ['failed', 'locked', 'available', 'finishing', 'finished'] as const
  return statuses.find((status) => snapshot.matches(status)) ?? 'loading'
}

export function selectLesson(snapshot: TrainingSnapshot): TrainingLesson | null {
  return snapshot.context.lesson
}

/** The section being read (from 0) and how many there are. */
export function selectSection(snapshot: TrainingSnapshot): { index: number; total: number } {
  return { index: snapshot.context.section, total: snapshot.context.lesson?.sections.length ?? 0 }
}

export function selectAnswers(snapshot: TrainingSnapshot): readonly (number | null)[] {
  return snapshot.context.answers
}

export function selectCanFinish(snapshot: TrainingSnapshot): boolean {
  return snapshot.can({ type: 'lesson.finish' })
}

/** The Spanish message: why it is locked, why it failed, or why the answers were refused. */
export function selectTrainingError(snapshot: TrainingSnapshot): string | null {
  return snapshot.matches('locked') ||
    snapshot.matches('failed') ||
    snapshot.matches({ playing: 'quiz' })
    ? snapshot.context.error
    : null
}

/** What the lesson paid: now, or when it was finished before. */
export function selectReward(snapshot: TrainingSnapshot): CurrencyAmount | null {
  return snapshot.context.reward ?? snapshot.context.lesson?.lesson.reward ?? null
}

/** True when the lesson was finished on this visit (not before). */
export function selectFinishedNow(snapshot: TrainingSnapshot): boolean {
  return snapshot.matches('finished') && snapshot.context.reward !== null
}

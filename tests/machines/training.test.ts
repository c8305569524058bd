import { describe, expect, it } from 'vitest'
import { trainingMachine } from '../../machines/training/training.machine'
import { trainingEntry } from '../../machines/training/training.samples'
import {
  selectAnswers,
  selectCanFinish,
  selectLessonStatus,
  selectReward,
  selectSection,
  selectTrainingError,
} from '../../machines/training/training.selectors'
import { describeMachinePaths, someText } from './support/describe-machine'
import { MachineHarness } from './support/replay'

const [lesson] = trainingEntry.outcomes.loadLesson.done
const [finished] = trainingEntry.outcomes.finishLesson.done
if (!lesson || !finished) throw new Error('samples missing')

async function inQuiz() {
  const harness = new MachineHarness(trainingMachine)
  await harness.resolve('loadLesson', lesson)
  harness.send({ type: 'lesson.start' })
  harness.send({ type: 'section.next' })
  harness.send({ type: 'section.next' })
  return harness
}

describe('training machine', () => {
  it('reads the lesson section by section, forward and back, then the questions', async () => {
    const harness = new MachineHarness(trainingMachine)
    await harness.resolve('loadLesson', lesson)
    expect(selectLessonStatus(harness.snapshot)).toBe('available')
    harness.send({ type: 'lesson.start' })
    expect(selectSection(harness.snapshot)).toEqual({ index: 0, total: 2 })
    harness.send({ type: 'section.previous' })
    expect(selectSection(harness.snapshot).index).toBe(0)
    harness.send({ type: 'section.next' })
    expect(selectSection(harness.snapshot).index).toBe(1)
    harness.send({ type: 'section.next' })
    expect(selectLessonStatus(harness.snapshot)).toBe('quiz')
  })

  it('finishes only once every question has an answer, and sends them in order', async () => {
    const harness = await inQuiz()
    expect(selectCanFinish(harness.snapshot)).toBe(false)
    harness.send({ type: 'answer.choose', question: 1, option: 0 })
    harness.send({ type: 'answer.choose', question: 0, option: 9 })
    expect(selectAnswers(harness.snapshot)).toEqual([null, 0])
    harness.send({ type: 'lesson.finish' })
    expect(harness.isWaiting('finishLesson')).toBe(false)
    harness.send({ type: 'answer.choose', question: 0, option: 1 })
    harness.send({ type: 'lesson.finish' })
    expect(harness.inputs.get('finishLesson')).toEqual({ answers: [1, 0] })
    await harness.resolve('finishLesson', finished)
    expect(selectLessonStatus(harness.snapshot)).toBe('finished')
    expect(selectReward(harness.snapshot)).toEqual({ currency: 'gems', amount: 5 })
    expect(harness.emitted).toEqual([
      { type: 'balances.changed', balances: finished.balances },
      { type: 'toast.show', message: '¡Lección terminada!' },
    ])
  })

  it('keeps the answers and says so when one is wrong', async () => {
    const harness = await inQuiz()
    harness.send({ type: 'answer.choose', question: 0, option: 0 })
    harness.send({ type: 'answer.choose', question: 1, option: 0 })
    harness.send({ type: 'lesson.finish' })
    await harness.reject('finishLesson', {
      status: 400,
      message: 'Alguna respuesta no es correcta. Repasa la lección e inténtalo de nuevo.',
      network: false,
    })
    expect(selectLessonStatus(harness.snapshot)).toBe('quiz')
    expect(selectAnswers(harness.snapshot)).toEqual([0, 0])
    expect(selectTrainingError(harness.snapshot)).toBe(
      'Alguna respuesta no es correcta. Repasa la lección e inténtalo de nuevo.',
    )
    harness.send({ type: 'answer.choose', question: 0, option: 1 })
    expect(selectTrainingError(harness.snapshot)).toBeNull()
  })

  it('shows why a lesson is locked, and a finished lesson with what it paid', async () => {
    const locked = new MachineHarness(trainingMachine)
    await locked.reject('loadLesson', {
      status: 409,
      message: 'Termina la lección anterior para desbloquear esta',
      network: false,
    })
    expect(selectLessonStatus(locked.snapshot)).toBe('locked')
    expect(selectTrainingError(locked.snapshot)).toBe(
      'Termina la lección anterior para desbloquear esta',
    )
    const done = new MachineHarness(trainingMachine)
    await done.resolve('loadLesson', { ...lesson, lesson: finished.lesson })
    expect(selectLessonStatus(done.snapshot)).toBe('finished')
    expect(selectReward(done.snapshot)).toEqual({ currency: 'gems', amount: 5 })
  })
})

describeMachinePaths(
  trainingEntry,
  {
    status: selectLessonStatus,
    error: selectTrainingError,
    reward: selectReward,
    canFinish: selectCanFinish,
  },
  {
    loading: { status: 'loading', error: null },
    failed: { status: 'failed', error: someText },
    locked: { status: 'locked', error: someText },
    available: { status: 'available', reward: null, canFinish: false },
    'playing.reading': { status: 'reading', canFinish: false },
    'playing.quiz': { status: 'quiz' },
    finishing: { status: 'finishing', canFinish: false },
    finished: { status: 'finished', reward: { currency: 'gems', amount: 5 } },
  },
)

import type { TrainingLesson } from '../../contract/training'
import { defineMachineEntry } from '../shared/machine-entry'
import { sampleFailures } from '../shared/sample-failures'
import { trainingMachine } from './training.machine'
import * as selectors from './training.selectors'

const lesson: TrainingLesson = {
  lesson: {
    id: 'guia-bienvenida',
    track: 'guide',
    position: 1,
    title: 'Bienvenido a Tery',
    summary: 'Qué es Tery y cuáles son sus monedas.',
    minutes: 3,
    state: 'available',
    lockReason: null,
    finishedAt: null,
    reward: null,
  },
  sections: [
    { heading: 'Un juego para formar equipo', paragraphs: ['Tery es un juego de equipo.'] },
    {
      heading: 'Las cuatro monedas',
      paragraphs: ['Terycarbonos, gemas, carga volta, terydólares.'],
    },
  ],
  quiz: [
    { question: '¿Qué moneda es el combustible de la mina?', options: ['Gemas', 'Terycarbonos'] },
    { question: '¿Qué se canjea en el mercado?', options: ['Gemas', 'Terydólares'] },
  ],
}

const finishedLesson = {
  ...lesson.lesson,
  state: 'finished',
  finishedAt: '2026-11-23T14:00:00.000Z',
  reward: { currency: 'gems', amount: 5 },
} satisfies TrainingLesson['lesson']

export const trainingEntry = defineMachineEntry(trainingMachine, {
  selectors,
  // Drawn whole, it is wider than the docs: the lesson on its own.
  diagramParts: {
    playing: ['available', 'playing'],
    finishing: ['finishing', 'finished'],
  },
  events: {
    'lesson.start': [{ type: 'lesson.start' }],
    'section.next': [{ type: 'section.next' }],
    'section.previous': [{ type: 'section.previous' }],
    'answer.choose': [
      { type: 'answer.choose', question: 0, option: 1 },
      { type: 'answer.choose', question: 1, option: 0 },
      { type: 'answer.choose', question: 0, option: 5 },
    ],
    'lesson.finish': [{ type: 'lesson.finish' }],
    'lesson.retry': [{ type: 'lesson.retry' }],
  },
  outcomes: {
    loadLesson: {
      done: [lesson, { ...lesson, lesson: finishedLesson }],
      error: [
        {
          status: 409,
          message: 'Termina la lección anterior para desbloquear esta',
          network: false,
        },
        sampleFailures.noAnswer,
      ],
    },
    finishLesson: {
      done: [
        {
          lesson: finishedLesson,
          reward: { currency: 'gems', amount: 5 },
          balances: { terycarbons: 2500, gems: 345, voltaCharge: 120, terydollars: 25 },
        },
      ],
      error: [
        {
          status: 400,
          message: 'Alguna respuesta no es correcta. Repasa la lección e inténtalo de nuevo.',
          network: false,
          data: {
            fields: {
              answers: 'Alguna respuesta no es correcta. Repasa la lección e inténtalo de nuevo.',
            },
          },
        },
        {
          status: 409,
          message: 'Ya entrenaste hoy. La siguiente lección se desbloquea a medianoche.',
          network: false,
        },
      ],
    },
  },
})

import { formatCount } from '../../contract/money-text'
import type { LockReason } from '../../contract/training'

/** /trainings, /training, /training/playing, /finance and /management, in es-CO Spanish. */

export const trainings = {
  title: 'Entrenamiento',
  intro:
    'Aprende a jugar y a ganar con una lección al día. Cada lección que terminas te da un premio.',
  loading: 'Cargando tus entrenamientos…',
  failed: 'No pudimos cargar tus entrenamientos.',
  empty: 'Aún no hay entrenamientos publicados.',
  cardLabels: { guide: 'AYUDA', earn: 'APRENDE A GANAR', finance: 'FINANZAS' },
  progress: (finished: number, total: number) =>
    `${finished} de ${formatCount(total, 'lección', 'lecciones')}`,
  progressLabel: 'Lecciones terminadas',
  lockedBy: (track: string) => `Termina «${track}» para desbloquear este entrenamiento.`,
  finished: '¡Completaste este entrenamiento!',
  open: 'CONTINUAR',
  review: 'REPASAR',
  todayAvailable: (prize: string) => `Tu lección de hoy te espera: termínala y gana ${prize}.`,
  todayDone: (left: string) => `Ya entrenaste hoy. La próxima lección se desbloquea en ${left}.`,
} as const

export const trainingTrack = {
  chooseTitle: 'Elige un entrenamiento',
  chooseText: 'Este enlace no indica un entrenamiento. Vuelve a la lista y elige uno.',
  backToTrainings: 'Volver a entrenamientos',
  backToFinance: 'Volver a finanzas',
  lessonsLabel: 'Lecciones',
  position: (position: number) => `Lección ${position}`,
  minutes: (minutes: number) => `${minutes} min de lectura`,
  start: 'EMPEZAR',
  review: 'REPASAR',
  finishedOn: (date: string, prize: string) => `Terminada el ${date} · ganaste ${prize}`,
  locks: {
    track: 'Entrenamiento bloqueado',
    previous: 'Termina la lección anterior',
    daily: 'Ya entrenaste hoy',
  } satisfies Record<LockReason, string>,
  dailyIn: (left: string) => `Se desbloquea en ${left}`,
} as const

export const lesson = {
  chooseTitle: 'Elige una lección',
  chooseText: 'Este enlace no indica una lección. Vuelve al entrenamiento y elige una.',
  loading: 'Cargando la lección…',
  failed: 'No pudimos cargar la lección.',
  lockedTitle: 'Lección bloqueada',
  details: (minutes: number, prize: string) => `${minutes} min de lectura · Premio: ${prize}`,
  start: 'EMPEZAR',
  section: (index: number, total: number) => `Sección ${index} de ${total}`,
  previous: 'ANTERIOR',
  next: 'SIGUIENTE',
  toQuiz: 'IR A LAS PREGUNTAS',
  quizTitle: 'Preguntas',
  quizIntro: 'Responde todas las preguntas para terminar la lección.',
  question: (index: number) => `Pregunta ${index}`,
  finish: 'TERMINAR',
  finishing: 'Revisando tus respuestas…',
  finishedTitle: '¡Lección terminada!',
  earned: (prize: string) => `Ganaste ${prize}.`,
  finishedBefore: (date: string, prize: string) =>
    `Terminaste esta lección el ${date} y ganaste ${prize}.`,
  reviewTitle: 'Repasa la lección',
  backToTrack: 'VOLVER AL ENTRENAMIENTO',
} as const

export const finance = {
  title: 'Finanzas',
  intro: 'Aprende a manejar tu dinero con calma y visita nuestro sitio de finanzas.',
  siteLabel: 'SITIO',
  siteTitle: 'Sitio de FINANZAS',
  siteText:
    'Guías, calculadoras y noticias para que tomes mejores decisiones con lo que ganas dentro y fuera de Tery.',
  siteOpen: 'ABRIR FINANZAS',
  siteUnavailable: 'El sitio de finanzas no está disponible en este momento.',
} as const

export const management = {
  title: 'Gestión',
  intro: 'Tu día en Tery: el día de la semana, cuánto falta para la próxima lección y su premio.',
  loading: 'Cargando tu día…',
  failed: 'No pudimos cargar tu día.',
  today: (weekday: string) => `Hoy es ${weekday}`,
  dayLabel: 'Día de la semana',
  timerLabel: 'Próxima lección en',
  timerHint: 'A medianoche (hora de Colombia) se desbloquea una nueva lección.',
  prizeLabel: 'Premio del entrenamiento',
  prizeHint: 'Lo ganas al terminar la lección del día.',
  pending: 'Tu lección de hoy está pendiente.',
  done: 'Ya terminaste la lección de hoy.',
  goTrain: 'IR AL ENTRENAMIENTO',
} as const

/** The days of the week as /management names them, Monday 0 through Sunday 6 (the spec's weekday helper). */
export const weekdays = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo']

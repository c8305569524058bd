import { formatInteger, moneyOf } from '../../contract/money-text'

const gemAmount = moneyOf('gems')

/** The words of /global, the leaderboard. */
export const global = {
  title: 'Clasificación global',
  intro:
    'Los jugadores que más gemas ganaron esta semana: misiones, videos, minas, bonos y rangos.',
  loading: 'Cargando la clasificación…',
  failed: 'No pudimos cargar la clasificación.',
  empty: 'Nadie ha ganado gemas esta semana todavía. ¡Sé el primero!',
  week: (start: string, end: string) => `Semana del ${start} al ${end}`,
  you: (position: number, gems: number) =>
    `Vas en el puesto ${formatInteger(position)} con ${gemAmount(gems)}.`,
  notYet: 'Aún no ganas gemas esta semana: cada misión, recolección y bono te sube.',
  position: (position: number) => `Puesto ${formatInteger(position)}`,
  gems: (gems: number) => `${gemAmount(gems)}`,
  list: 'Clasificación de la semana',
} as const

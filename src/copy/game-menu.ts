/** The game menu's destinations beyond the bottom bar's four (loaded with the layout). */
export const gameMenu = {
  shop: 'TIENDA',
  trainings: 'ENTRENAMIENTO',
  music: 'MÚSICA',
  lottery: 'SORTEO',
  finance: 'FINANZAS',
} as const

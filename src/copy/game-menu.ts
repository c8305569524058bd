/** The game menu's destinations beyond the bottom bar's four (loaded with the layout). */
export const gameMenu = {
  play: 'JUGAR',
  videos: 'VIDEOS',
  playlists: 'LISTAS DE VIDEOS',
  voltaCharge: 'CARGA VOLTA',
  mine: 'MINA',
  team: 'EQUIPO',
  progress: 'PROGRESO',
  profile: 'PERFIL',
  global: 'GLOBAL',
  battery: 'BATERÍA',
  shop: 'TIENDA',
  expressCoupon: 'CUPÓN EXPRÉS',
  trainings: 'ENTRENAMIENTO',
  music: 'MÚSICA',
  lottery: 'SORTEO',
  finance: 'FINANZAS',
} as const

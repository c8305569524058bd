/** The nine mining stations, numbered 1 to 9, with their share of the team reward in percent. */
export const STATIONS = [
  { number: 1, name: 'Mina', share: 3 },
  { number: 2, name: 'Exploración', share: 4 },
  { number: 3, name: 'Extracción', share: 5 },
  { number: 4, name: 'Lavado', share: 7 },
  { number: 5, name: 'Lixiviación', share: 9 },
  { number: 6, name: 'Fundición', share: 10 },
  { number: 7, name: 'Investigación', share: 12 },
  { number: 8, name: 'Almacén', share: 15 },
  { number: 9, name: 'Banco', share: 35 },
] as const

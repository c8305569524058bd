/** Places of the game world by index, 0 to 8, named as the player reads them. */
export const PLACES = [
  'la mina',
  'centro de exploración',
  'centro de extracción',
  'centro de lavado',
  'centro de almacenamiento',
  'centro de fundición',
  'centro de I+D',
  'casa de valores',
  'banco',
] as const

export type PlaceName = (typeof PLACES)[number]

/** Name of the place at `index` (0 la mina .. 8 banco). */
export function placeName(index: number): PlaceName {
  const place = PLACES[index]
  if (place === undefined || !Number.isInteger(index)) {
    throw new RangeError(`Place index out of range: ${index}`)
  }
  return place
}

/** The eight team-environment images, index 0 to 7: a stable key and its Spanish caption. */
export const TEAM_ENVIRONMENTS = [
  { index: 0, key: 'exploration', name: 'Exploración' },
  { index: 1, key: 'extraction', name: 'Extracción' },
  { index: 2, key: 'washing', name: 'Lavado' },
  { index: 3, key: 'leaching', name: 'Lixiviación' },
  { index: 4, key: 'foundry', name: 'Fundición' },
  { index: 5, key: 'research', name: 'Investigación' },
  { index: 6, key: 'stock', name: 'Almacén' },
  { index: 7, key: 'bank', name: 'Banco' },
] as const

export type TeamEnvironment = (typeof TEAM_ENVIRONMENTS)[number]
export type TeamEnvironmentKey = TeamEnvironment['key']

/** The team environment shown for `index` (0 exploration .. 7 bank). */
export function teamEnvironment(index: number): TeamEnvironment {
  const environment = TEAM_ENVIRONMENTS[index]
  if (environment === undefined || !Number.isInteger(index)) {
    throw new RangeError(`Team environment index out of range: ${index}`)
  }
  return environment
}

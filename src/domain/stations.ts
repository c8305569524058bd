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

export type StationNumber = (typeof STATIONS)[number]['number']
export type Station = (typeof STATIONS)[number]

export const STATION_COUNT = STATIONS.length

export function isStationNumber(value: number): value is StationNumber {
  return Number.isInteger(value) && value >= 1 && value <= STATION_COUNT
}

/** The station numbered `number` (1 to 9). */
export function stationByNumber(number: number): Station {
  const station = STATIONS.find((candidate) => candidate.number === number)
  if (!station) throw new RangeError(`Station number out of range: ${number}`)
  return station
}

/** Share of the team reward, in percent, that station `number` pays. The nine sum to 100. */
export function stationShare(number: number): number {
  return stationByNumber(number).share
}

/** The twelve ranks, index 0 to 11, in the order a player climbs them. */
export const RANK_NAMES = [
  'Bronce I',
  'Bronce II',
  'Bronce III',
  'Plata I',
  'Plata II',
  'Plata III',
  'Oro I',
  'Oro II',
  'Oro III',
  'Platino I',
  'Platino II',
  'Platino III',
] as const

export function isRankIndex(index: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < RANK_NAMES.length
}

/** Reward percentage of a rank: 4% at index 0, one point more per rank, 15% at index 11. */
export function rankPercent(index: number): number {
  if (!isRankIndex(index)) throw new RangeError(`Rank index out of range: ${index}`)
  return 4 + index
}

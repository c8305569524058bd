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

export type RankIndex = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11

export type RankName = (typeof RANK_NAMES)[number]

export const RANK_COUNT = RANK_NAMES.length

/** The metal of each group of three ranks; it picks the badge colours. */
export const RANK_TIERS = ['bronze', 'silver', 'gold', 'platinum'] as const
export type RankTier = (typeof RANK_TIERS)[number]

/** Reward percentage of a rank: 4% at index 0, one point more per rank, 15% at index 11. */
export function rankPercent(index: number): number {
  if (!isRankIndex(index)) throw new RangeError(`Rank index out of range: ${index}`)
  return 4 + index
}

export function isRankIndex(index: number): index is RankIndex {
  return Number.isInteger(index) && index >= 0 && index < RANK_COUNT
}

/** Spanish name of a rank ('Bronce I' .. 'Platino III'). */
export function rankName(index: number): RankName {
  if (!isRankIndex(index)) throw new RangeError(`Rank index out of range: ${index}`)
  return RANK_NAMES[index]
}

/** Metal of a rank: bronze for 0-2, silver 3-5, gold 6-8, platinum 9-11. */
export function rankTier(index: number): RankTier {
  if (!isRankIndex(index)) throw new RangeError(`Rank index out of range: ${index}`)
  return RANK_TIERS[Math.floor(index / 3)] as RankTier
}

/** Position inside the metal, 1 to 3 (the roman numeral of the name). */
export function rankLevel(index: number): 1 | 2 | 3 {
  if (!isRankIndex(index)) throw new RangeError(`Rank index out of range: ${index}`)
  return ((index % 3) + 1) as 1 | 2 | 3
}

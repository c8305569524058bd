/** A referral team is counted over this many generations below the player. */
export const TEAM_GENERATIONS = 8

/** The generations list before anything is known, or after its call failed: eight zeros. */
export function emptyGenerations(): number[] {
  return Array.from({ length: TEAM_GENERATIONS }, () => 0)
}

import type { SnapshotFrom } from 'xstate'
import type { RankReward } from '../../contract/progress'
import type { rankRewardMachine } from './rank-reward.machine'

export type RankRewardSnapshot = SnapshotFrom<typeof rankRewardMachine>

export type RankRewardStatus =
  'checking' | 'failed' | 'notReached' | 'needsPlay' | 'claimable' | 'claiming' | 'claimed'

export function selectRewardStatus(snapshot: RankRewardSnapshot): RankRewardStatus {
  for (const status of [
    'failed',
    'notReached',
    'needsPlay',
    'claimable',
    'claiming',
    'claimed',
  ] as const) {
    if (snapshot.matches(status)) return status
  }
  return 'checking'
}

/** The rank's reward (name, gems) once read. */
export function selectReward(snapshot: RankRewardSnapshot): RankReward | null {
  return snapshot.context.reward
}

/** Why the reward could not be read or claimed. */
export function selectRewardError(snapshot: RankRewardSnapshot): string | null {
  return snapshot.matches('failed') || snapshot.matches('claimable') ? snapshot.context.error : null
}

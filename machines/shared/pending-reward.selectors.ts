import type { SnapshotFrom } from 'xstate'
import type { PendingReward } from '../../contract/missions'
import type { createPendingRewardMachine } from './pending-reward.machine'

export type PendingRewardSnapshot = SnapshotFrom<ReturnType<typeof createPendingRewardMachine>>

export type PendingRewardStatus = 'loading' | 'failed' | 'empty' | 'ready' | 'claiming' | 'claimed'

export function selectRewardStatus(snapshot: PendingRewardSnapshot): PendingRewardStatus {
  if (snapshot.matches('loadFailed') || snapshot.matches('claimFailed')) return 'failed'
  return snapshot.value as Exclude<PendingRewardStatus, 'failed'>
}

export function selectReward(snapshot: PendingRewardSnapshot): PendingReward | null {
  return snapshot.context.reward
}

/** What the last claim paid, once claimed. */
export function selectClaimed(snapshot: PendingRewardSnapshot): number | null {
  return snapshot.matches('claimed') ? snapshot.context.claimed : null
}

export function selectRewardError(snapshot: PendingRewardSnapshot): string | null {
  return selectRewardStatus(snapshot) === 'failed' ? snapshot.context.error : null
}

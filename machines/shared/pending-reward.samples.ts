import type { PendingReward } from '../../contract/missions'
import { sampleFailures } from './sample-failures'

const balances = { terycarbons: 2500, gems: 342, voltaCharge: 130, terydollars: 25 }

const nothing: PendingReward = { amount: 0, entries: [] }

/** Samples for a pending-reward machine: what waits (`waiting`) and an empty answer. */
export function pendingRewardSamples(waiting: PendingReward) {
  return {
    events: {
      'reward.claim': [{ type: 'reward.claim' as const }],
      'reward.retry': [{ type: 'reward.retry' as const }],
    },
    outcomes: {
      loadReward: {
        done: [waiting, nothing],
        error: [sampleFailures.noAnswer],
      },
      claimReward: {
        done: [{ claimed: waiting.amount, balances }],
        error: [{ status: 409, message: 'No tienes nada por reclamar todavía', network: false }],
      },
    },
  }
}

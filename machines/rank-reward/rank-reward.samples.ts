import { defineMachineEntry } from '../shared/machine-entry'
import { sampleFailures } from '../shared/sample-failures'
import { rankRewardMachine } from './rank-reward.machine'
import * as selectors from './rank-reward.selectors'

const bronceOne = { rankIndex: 0, name: 'Bronce I', gems: 10 }

export const rankRewardEntry = defineMachineEntry(rankRewardMachine, {
  selectors,
  events: {
    'reward.claim': [{ type: 'reward.claim' }],
    'reward.retry': [{ type: 'reward.retry' }],
  },
  outcomes: {
    loadReward: {
      done: [
        { ...bronceOne, reached: true, claimed: false },
        { ...bronceOne, reached: true, claimed: true },
        { ...bronceOne, reached: false, claimed: false },
      ],
      error: [sampleFailures.noAnswer],
    },
    claimReward: {
      done: [
        {
          ...bronceOne,
          reached: true,
          claimed: true,
          rank: { index: 0, name: 'Bronce I', percent: 4 },
          payoutId: '12',
          balances: { terycarbons: 100, gems: 10, voltaCharge: 0, terydollars: 0 },
        },
      ],
      error: [{ status: 409, message: 'Ya reclamaste las gemas de ese rango', network: false }],
    },
  },
})

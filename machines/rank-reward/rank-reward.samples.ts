import { defineMachineEntry } from '../shared/machine-entry'
import { sampleFailures } from '../shared/sample-failures'
import { rankRewardMachine } from './rank-reward.machine'
import * as selectors from './rank-reward.selectors'

const bronceOne = { rankIndex: 0, name: 'Bronce I', gems: 10 }

export const rankRewardEntry = defineMachineEntry(rankRewardMachine, {
  selectors,
  // Drawn whole, with each label where Mermaid makes room for it, 929 px: wider than the docs.
  diagramParts: { claiming: ['claimable', 'claiming', 'claimed'] },
  events: {
    'reward.claim': [{ type: 'reward.claim' }],
    'reward.retry': [{ type: 'reward.retry' }],
  },
  outcomes: {
    loadReward: {
      done: [
        { ...bronceOne, reached: true, claimed: false, played: true },
        { ...bronceOne, reached: true, claimed: true, played: true },
        { ...bronceOne, reached: false, claimed: false, played: true },
        // A signup that never played: Bronce I is reached with no team, its gems wait.
        { ...bronceOne, reached: true, claimed: false, played: false },
        // Not reached and never played: what shows is what the rank needs.
        {
          ...bronceOne,
          rankIndex: 1,
          name: 'Bronce II',
          gems: 20,
          reached: false,
          claimed: false,
          played: false,
        },
      ],
      error: [sampleFailures.noAnswer],
    },
    claimReward: {
      done: [
        {
          ...bronceOne,
          reached: true,
          claimed: true,
          played: true,
          rank: { index: 0, name: 'Bronce I', percent: 4 },
          payoutId: '12',
          balances: { terycarbons: 100, gems: 10, voltaCharge: 0, terydollars: 0 },
        },
      ],
      error: [{ status: 409, message: 'Ya reclamaste las gemas de ese rango', network: false }],
    },
  },
})

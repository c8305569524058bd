import { miningMessages, type PayoutDetail } from '../../contract/mining'
import { defineMachineEntry } from '../shared/machine-entry'
import { sampleFailures } from '../shared/sample-failures'
import { payoutExplanationMachine } from './payout-explanation.machine'
import * as selectors from './payout-explanation.selectors'

/** A collect of the gems mine: the window, the production and each station's part. */
export const sampleCollectPayout: PayoutDetail = {
  id: '12',
  kind: 'mine.collect',
  currency: 'gems',
  amount: 58,
  createdAt: '2026-11-23T15:00:00.000Z',
  cause: {
    mode: 'gems',
    trigger: 'collect',
    from: '2026-11-23T03:00:00.000Z',
    to: '2026-11-23T15:00:00.000Z',
    perDay: 120,
    produced: 58.4,
    capacity: 60,
    s1: 2,
    s2: 2,
    s3: 3,
    s4: 4,
    s5: 5,
    s6: 6,
    s7: 7,
    s8: 9,
    s9: 20,
  },
}

/** The gems of a rank, with the team that reached it. */
export const sampleRankPayout: PayoutDetail = {
  id: '13',
  kind: 'rank.reward',
  currency: 'gems',
  amount: 10,
  createdAt: '2026-11-24T10:00:00.000Z',
  cause: { rankIndex: 0, rankName: 'Bronce I', team: 12, direct: 3 },
}

export const payoutExplanationEntry = defineMachineEntry(payoutExplanationMachine, {
  selectors,
  events: {
    'payout.open': [
      { type: 'payout.open', id: '12' },
      { type: 'payout.open', id: '13' },
    ],
    'payout.close': [{ type: 'payout.close' }],
    'payout.retry': [{ type: 'payout.retry' }],
  },
  outcomes: {
    loadPayout: {
      done: [sampleCollectPayout, sampleRankPayout],
      error: [
        sampleFailures.noAnswer,
        { status: 404, message: miningMessages.payoutNotFound, network: false },
      ],
    },
  },
})

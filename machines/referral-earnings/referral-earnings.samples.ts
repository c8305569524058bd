import { defineMachineEntry } from '../shared/machine-entry'
import { pendingRewardSamples } from '../shared/pending-reward.samples'
import { referralEarningsMachine } from './referral-earnings.machine'

export const referralEarningsEntry = defineMachineEntry(
  referralEarningsMachine,
  pendingRewardSamples({
    amount: 2,
    entries: [
      {
        label: 'Valentina Gómez completó «Suscríbete al canal de Tery»',
        amount: 2,
        createdAt: '2026-11-23T15:00:00.000Z',
      },
    ],
  }),
)

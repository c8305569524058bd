import { defineMachineEntry } from '../shared/machine-entry'
import { pendingRewardSamples } from '../shared/pending-reward.samples'
import { voltaChargeMachine } from './volta-charge.machine'

export const voltaChargeEntry = defineMachineEntry(
  voltaChargeMachine,
  pendingRewardSamples({
    amount: 10,
    entries: [
      {
        label: '«Tu primera estación», de la lista «Aprende a minar»',
        amount: 5,
        createdAt: '2026-11-23T15:00:00.000Z',
      },
    ],
  }),
)

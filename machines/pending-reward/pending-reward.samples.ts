import type { PendingReward } from '../../contract/missions'
import { defineMachineEntry } from '../shared/machine-entry'
import { sampleFailures } from '../shared/sample-failures'
import { referralEarningsMachine, voltaChargeMachine } from './pending-reward.machine'

const balances = { terycarbons: 2500, gems: 342, voltaCharge: 130, terydollars: 25 }

const nothing: PendingReward = { amount: 0, entries: [] }

function samplesFor(waiting: PendingReward) {
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

export const voltaChargeEntry = defineMachineEntry(
  voltaChargeMachine,
  samplesFor({
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

export const referralEarningsEntry = defineMachineEntry(
  referralEarningsMachine,
  samplesFor({
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

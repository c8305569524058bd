import { apiMessages } from '../../contract/messages'
import type { BatteryQuote } from '../../contract/battery'
import { defineMachineEntry } from '../shared/machine-entry'
import { sampleFailures } from '../shared/sample-failures'
import { batteryOperationMachine } from './battery-operation.machine'
import * as selectors from './battery-operation.selectors'

const quote: BatteryQuote = {
  operation: 'buy',
  amount: 3,
  spend: { currency: 'terydollars', amount: 30 },
  receive: null,
  batteries: { before: 12, after: 15 },
  gemsPerDay: { before: 96, after: 120 },
  shortfall: null,
}

export const batteryOperationEntry = defineMachineEntry(batteryOperationMachine, {
  selectors,
  // Drawn whole, the machine is 1,059 px wide, past the docs' ~880: quoting and submitting apart.
  diagramParts: {
    quoting: ['idle', 'quoting', 'blocked'],
    submitting: ['confirming', 'submitting', 'done', 'failed'],
  },
  events: {
    'operation.start': [
      { type: 'operation.start', operation: 'buy', amount: 3 },
      { type: 'operation.start', operation: 'melt', amount: 2 },
      { type: 'operation.start', operation: 'burn', amount: 5 },
      { type: 'operation.start', operation: 'collect', amount: 0 },
      { type: 'operation.start', operation: 'terycarbonBattery', amount: 500 },
    ],
    'operation.confirm': [{ type: 'operation.confirm' }],
    'operation.cancel': [{ type: 'operation.cancel' }],
    'operation.retry': [{ type: 'operation.retry' }],
    'operation.dismiss': [{ type: 'operation.dismiss' }],
  },
  outcomes: {
    quoteOperation: {
      done: [quote, { ...quote, shortfall: apiMessages.notEnoughTerydollars }],
      error: [sampleFailures.noAnswer],
    },
    runOperation: {
      done: [
        {
          battery: {
            batteries: 15,
            gemsPerDay: 120,
            claimableGems: 0,
            collectedGems: 288,
            boostActive: false,
          },
          terycarbonBattery: {
            price: 5_000,
            paid: 1_500,
            remaining: 3_500,
            active: false,
            completedAt: null,
          },
          balances: { terycarbons: 1_000, gems: 3_100, voltaCharge: 120, terydollars: 25 },
        },
      ],
      error: [{ status: 400, message: apiMessages.notEnoughTerydollars, network: false }],
    },
  },
})

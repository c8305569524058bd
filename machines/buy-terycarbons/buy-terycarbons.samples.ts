import { miningMessages } from '../../contract/mining'
import { defineMachineEntry } from '../shared/machine-entry'
import { sampleFailures } from '../shared/sample-failures'
import { buyTerycarbonsMachine } from './buy-terycarbons.machine'
import * as selectors from './buy-terycarbons.selectors'

export const buyTerycarbonsEntry = defineMachineEntry(buyTerycarbonsMachine, {
  selectors,
  events: {
    'buy.open': [{ type: 'buy.open' }],
    'buy.close': [{ type: 'buy.close' }],
    'buy.submit': [{ type: 'buy.submit', amount: 500, payWith: 'terydollars' }],
  },
  outcomes: {
    buyFuel: {
      done: [
        {
          terycarbons: 500,
          paid: { amount: 5, currency: 'terydollars' },
          balances: { terycarbons: 3000, gems: 340, voltaCharge: 120, terydollars: 20 },
        },
      ],
      error: [
        { status: 409, message: 'No tienes suficientes terydólares', network: false },
        sampleFailures.noAnswer,
        // The server checks the body with the form's own rules; its message for the amount
        // field must show under the field, and go once the modal is closed.
        {
          status: 400,
          message: miningMessages.fuelAmount,
          network: false,
          data: { fields: { amount: miningMessages.fuelAmount } },
        },
      ],
    },
  },
})

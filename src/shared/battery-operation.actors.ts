import { fromPromise } from 'xstate'
import type { batteryOperationMachine } from '../../machines/battery-operation/battery-operation.machine'
import type { MachineActors } from '../../machines/shared/machine-entry'
import * as battery from '../../contract/endpoints/battery'
import * as terydollar from '../../contract/endpoints/terydollar'
import * as user from '../../contract/endpoints/user'
import { call } from '../api/http'

/** The battery-operation machine's I/O, shared by /battery and /terycarbonBattery. */
export const batteryOperationActors: MachineActors<typeof batteryOperationMachine> = {
  quoteOperation: fromPromise(({ input: { operation, amount = 0 } }) =>
    call(battery.quoteBatteryOperation, {
      body: operation === 'collect' ? { operation } : { operation, amount },
    }),
  ),
  // Each operation is its own call; every one answers the batteries and the new balances.
  runOperation: fromPromise(({ input: { operation, amount } }) => {
    switch (operation) {
      case 'buy':
        return call(battery.buyBatteries, { body: { amount } })
      case 'melt':
        return call(battery.meltBatteries, { body: { amount } })
      case 'collect':
        return call(battery.collectBatteryProfits)
      case 'burn':
        return call(terydollar.burnTerydollars, { body: { amount } })
      case 'terycarbonBattery':
        return call(user.payTerycarbonBattery, { body: { amount } })
    }
  }),
}

import { fromPromise } from 'xstate'
import type { batteryOperationMachine } from '../../machines/battery-operation/battery-operation.machine'
import type { MachineActors } from '../../machines/shared/machine-entry'
import { quoteBatteryOperation, runBatteryOperation } from '../api/battery'

/** The battery-operation machine's I/O, shared by /battery and /terycarbonBattery. */
export const batteryOperationActors: MachineActors<typeof batteryOperationMachine> = {
  quoteOperation: fromPromise(({ input }) => quoteBatteryOperation(input)),
  runOperation: fromPromise(({ input }) => runBatteryOperation(input.operation, input.amount)),
}

import { fromPromise } from 'xstate'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import type { TerycarbonBatteryStats } from '../../../contract/battery'
import { getTerycarbonBattery } from '../../api/battery'

/** GET /api/battery/terycarbons through the reusable loader. */
export const terycarbonBatteryMachine =
  createResourceMachine<TerycarbonBatteryStats>('terycarbon-battery')

export const terycarbonBatteryActors: MachineActors<typeof terycarbonBatteryMachine> = {
  load: fromPromise(async () => ({ data: await getTerycarbonBattery() })),
}

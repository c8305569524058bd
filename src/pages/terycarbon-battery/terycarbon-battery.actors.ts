import { fromPromise } from 'xstate'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import type { TerycarbonBatteryStats } from '../../../contract/battery'
import * as battery from '../../../contract/endpoints/battery'
import { call } from '../../api/http'

/** GET /api/battery/terycarbons through the reusable loader. */
export const terycarbonBatteryMachine =
  createResourceMachine<TerycarbonBatteryStats>('terycarbon-battery')

export const terycarbonBatteryActors: MachineActors<typeof terycarbonBatteryMachine> = {
  load: fromPromise(async () => ({ data: await call(battery.getTerycarbonBattery) })),
}

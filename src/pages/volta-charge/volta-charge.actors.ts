import { fromPromise } from 'xstate'
import type { voltaChargeMachine } from '../../../machines/volta-charge/volta-charge.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import * as mission from '../../../contract/endpoints/mission'
import { call } from '../../api/http'

export const voltaChargeActors: MachineActors<typeof voltaChargeMachine> = {
  loadReward: fromPromise(() => call(mission.getVoltaCharge)),
  claimReward: fromPromise(() => call(mission.claimVoltaCharge)),
}

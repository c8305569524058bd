import { fromPromise } from 'xstate'
import type { voltaChargeMachine } from '../../../machines/volta-charge/volta-charge.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import { claimVoltaCharge, getVoltaCharge } from '../../api/mission'

export const voltaChargeActors: MachineActors<typeof voltaChargeMachine> = {
  loadReward: fromPromise(() => getVoltaCharge()),
  claimReward: fromPromise(() => claimVoltaCharge()),
}

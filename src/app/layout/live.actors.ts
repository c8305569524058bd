import { fromCallback } from 'xstate'
import type { LiveMachineEvent, liveMachine } from '../../../machines/live/live.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import { openLiveStream } from '../../api/live'

/** The live stream: GET /api/live, read for as long as the machine keeps it. */
export const liveActors: MachineActors<typeof liveMachine> = {
  connect: fromCallback<LiveMachineEvent, { cursor: string | null }>(({ input, sendBack }) =>
    openLiveStream(input, sendBack),
  ),
}

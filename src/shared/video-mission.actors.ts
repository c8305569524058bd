import { fromPromise } from 'xstate'
import type { videoMissionMachine } from '../../machines/video-mission/video-mission.machine'
import type { MachineActors } from '../../machines/shared/machine-entry'
import * as mission from '../../contract/endpoints/mission'
import { call } from '../api/http'

/** The video-mission machine's I/O, for every screen that shows a video (tiles and the player). */
export const videoMissionActors: MachineActors<typeof videoMissionMachine> = {
  checkVideo: fromPromise(({ input }) =>
    call(mission.checkVideo, { params: { id: input.missionId } }),
  ),
  playVideo: fromPromise(({ input }) =>
    call(mission.playVideo, {
      params: { missionId: input.missionId },
      body: { deviceId: input.deviceId },
    }),
  ),
  restartVideo: fromPromise(({ input }) => call(mission.restartVideo, { params: input })),
  finishVideo: fromPromise(({ input }) =>
    call(mission.finishVideo, {
      params: { viewId: input.viewId },
      body: { keyToClaim: input.keyToClaim },
    }),
  ),
}

import { fromPromise } from 'xstate'
import type { videoMissionMachine } from '../../machines/video-mission/video-mission.machine'
import type { MachineActors } from '../../machines/shared/machine-entry'
import { checkVideo, finishVideo, playVideo, restartVideo } from '../api/mission'

/** The video-mission machine's I/O, for every screen that shows a video (tiles and the player). */
export const videoMissionActors: MachineActors<typeof videoMissionMachine> = {
  checkVideo: fromPromise(({ input }) => checkVideo(input.missionId)),
  playVideo: fromPromise(({ input }) => playVideo(input.missionId, input.deviceId)),
  restartVideo: fromPromise(({ input }) => restartVideo(input.viewId)),
  finishVideo: fromPromise(({ input }) => finishVideo(input.viewId, input.keyToClaim)),
}

import { fromPromise } from 'xstate'
import type { ActorRefFrom } from 'xstate'
import { describeReward } from '../../contract/missions'
import { videoMissionMachine } from '../../machines/video-mission/video-mission.machine'
import type { MachineActors } from '../../machines/shared/machine-entry'
import { checkVideo, finishVideo, playVideo, restartVideo } from '../api/mission'
import { videos } from '../copy/earning'
import { useAppActors } from './app-context'
import { deviceId } from './device-id'
import { usePageActor } from './use-page-actor'

/** The video-mission machine's I/O, for every screen that shows a video (tiles and the player). */
export const videoMissionActors: MachineActors<typeof videoMissionMachine> = {
  checkVideo: fromPromise(({ input }) => checkVideo(input.missionId)),
  playVideo: fromPromise(({ input }) => playVideo(input.missionId, input.deviceId)),
  restartVideo: fromPromise(({ input }) => restartVideo(input.viewId)),
  finishVideo: fromPromise(({ input }) => finishVideo(input.viewId, input.keyToClaim)),
}

export type VideoMissionActor = ActorRefFrom<typeof videoMissionMachine>

/**
 * One video's mission for as long as the component shows it (a tile of /videos or /playlists,
 * the player of /play), from this device; a finish tells the player what it paid, then
 * `onFinished` (a list that shows the video's status reloads).
 */
export function useVideoMission(missionId: string, onFinished?: () => void): VideoMissionActor {
  const { toaster } = useAppActors()
  return usePageActor(videoMissionMachine, videoMissionActors, {
    input: { missionId, deviceId: deviceId() },
    effects: {
      'video.finished': ({ title, reward, playlist }) => {
        toaster.send({
          type: 'toast.show',
          message: videos.finishedToast(title, describeReward(reward)),
        })
        if (playlist) {
          toaster.send({
            type: 'toast.show',
            message: videos.playlistToast(playlist.title, describeReward(playlist.reward)),
          })
        }
        onFinished?.()
      },
    },
  })
}

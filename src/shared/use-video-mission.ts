import type { ActorRefFrom } from 'xstate'
import { describeReward } from '../../contract/missions'
import { videoMissionMachine } from '../../machines/video-mission/video-mission.machine'
import { videos } from '../copy/earning'
import { useAppActors } from '../app/app-context'
import { deviceId } from './device-id'
import { videoMissionActors } from './video-mission.actors'
import { usePageActor } from '../app/use-page-actor'

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

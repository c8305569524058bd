import { fromPromise } from 'xstate'
import type { VideoMission } from '../../../contract/missions'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import { getVideos } from '../../api/mission'

/** GET /api/mission/video/available?page: the videos outside playlists, paged. */
export const videoListMachine = createResourceMachine<VideoMission[]>('video-list')

export const videoListActors: MachineActors<typeof videoListMachine> = {
  load: fromPromise(({ input }) => getVideos(input.page)),
}

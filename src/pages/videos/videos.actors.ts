import { fromPromise } from 'xstate'
import type { VideoMission } from '../../../contract/missions'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import * as mission from '../../../contract/endpoints/mission'
import { call } from '../../api/http'
import { pageOfDocs } from '../../shared/resource-page'

/** GET /api/mission/video/available?page: the videos outside playlists, paged. */
export const videoListMachine = createResourceMachine<VideoMission[]>('video-list')

export const videoListActors: MachineActors<typeof videoListMachine> = {
  load: fromPromise(({ input }) =>
    call(mission.getVideos, { query: { page: input.page } }).then(pageOfDocs),
  ),
}

import { fromPromise } from 'xstate'
import type { Playlist, VideoMission } from '../../../contract/missions'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import * as mission from '../../../contract/endpoints/mission'
import { call } from '../../api/http'

/** The game list: the first page of videos and of playlists, with their prizes. */
export type GameList = { videos: VideoMission[]; playlists: Playlist[] }

export const gameListMachine = createResourceMachine<GameList>('game-list')

export const gameListActors: MachineActors<typeof gameListMachine> = {
  load: fromPromise(async () => {
    const [videos, playlists] = await Promise.all([
      call(mission.getVideos, { query: { page: 1 } }),
      call(mission.getPlaylists, { query: { page: 1 } }),
    ])
    return { data: { videos: videos.docs, playlists: playlists.docs } }
  }),
}

import { fromPromise } from 'xstate'
import type { Playlist, VideoMission } from '../../../contract/missions'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import { getPlaylists, getVideos } from '../../api/mission'

/** The game list: the first page of videos and of playlists, with their prizes. */
export type GameList = { videos: VideoMission[]; playlists: Playlist[] }

export const gameListMachine = createResourceMachine<GameList>('game-list')

export const gameListActors: MachineActors<typeof gameListMachine> = {
  load: fromPromise(async () => {
    const [videos, playlists] = await Promise.all([getVideos(1), getPlaylists(1)])
    return { data: { videos: videos.data, playlists: playlists.data } }
  }),
}

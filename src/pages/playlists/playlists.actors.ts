import { fromPromise } from 'xstate'
import type { Playlist } from '../../../contract/missions'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import { getPlaylists } from '../../api/mission'

/** GET /api/mission/playlist/available?page: the playlists with their videos, paged. */
export const playlistListMachine = createResourceMachine<Playlist[]>('playlist-list')

export const playlistListActors: MachineActors<typeof playlistListMachine> = {
  load: fromPromise(({ input }) => getPlaylists(input.page)),
}

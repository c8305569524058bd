import { fromPromise } from 'xstate'
import type { Playlist } from '../../../contract/missions'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import * as mission from '../../../contract/endpoints/mission'
import { call } from '../../api/http'
import { pageOfDocs } from '../../shared/resource-page'

/** GET /api/mission/playlist/available?page: the playlists with their videos, paged. */
export const playlistListMachine = createResourceMachine<Playlist[]>('playlist-list')

export const playlistListActors: MachineActors<typeof playlistListMachine> = {
  load: fromPromise(({ input }) =>
    call(mission.getPlaylists, { query: { page: input.page } }).then(pageOfDocs),
  ),
}

import { fromPromise } from 'xstate'
import type { musicCallbackMachine } from '../../../machines/music-callback/music-callback.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import type { MusicLoginQuery } from '../../../contract/music'
import * as spotify from '../../../contract/endpoints/spotify'
import { call } from '../../api/http'

/** The callback's I/O: the provider's query, as the browser received it, sent to the server. */
export function musicCallbackActors(
  query: MusicLoginQuery,
): MachineActors<typeof musicCallbackMachine> {
  return { completeLink: fromPromise(() => call(spotify.musicLogin, { query })) }
}

import { fromPromise } from 'xstate'
import type { musicCallbackMachine } from '../../../machines/music-callback/music-callback.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import type { MusicLoginQuery } from '../../../contract/music'
import { musicLogin } from '../../api/music'

/** The callback's I/O: the provider's query, as the browser received it, sent to the server. */
export function musicCallbackActors(
  query: MusicLoginQuery,
): MachineActors<typeof musicCallbackMachine> {
  return { completeLink: fromPromise(() => musicLogin(query)) }
}

import { fromPromise } from 'xstate'
import type { musicLinkMachine } from '../../../machines/music-link/music-link.machine'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import type { MusicPlay } from '../../../contract/music'
import * as spotify from '../../../contract/endpoints/spotify'
import { call } from '../../api/http'
import { deviceId } from '../../shared/device-id'

/** The music section's I/O: access from this device, linking, the sync steps and the claim. */
export const musicLinkActors: MachineActors<typeof musicLinkMachine> = {
  checkAccess: fromPromise(() =>
    call(spotify.checkMusicAccess, { query: { deviceId: deviceId() } }),
  ),
  saveEmail: fromPromise(({ input }) => call(spotify.saveMusicEmail, { body: input })),
  startLink: fromPromise(() => call(spotify.musicLogin)),
  syncPlays: fromPromise(() => call(spotify.syncMusic, { query: { deviceId: deviceId() } })),
  auditPlays: fromPromise(() => call(spotify.auditMusic)),
  accumulateReward: fromPromise(() => call(spotify.accumulateMusicReward)),
  claimReward: fromPromise(({ input }) => call(spotify.claimMusicReward, { body: input })),
  acknowledgeStrike: fromPromise(() => call(spotify.acknowledgeMusicStrike)),
}

/** The latest synced plays, through the reusable loader. */
export const recentPlaysMachine = createResourceMachine<MusicPlay[]>('recent-plays')

export const recentPlaysActors: MachineActors<typeof recentPlaysMachine> = {
  load: fromPromise(async () => ({ data: (await call(spotify.getRecentlyPlayed)).plays })),
}

import { fromPromise } from 'xstate'
import type { musicLinkMachine } from '../../../machines/music-link/music-link.machine'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import type { MusicPlay } from '../../../contract/music'
import {
  accumulateMusicReward,
  acknowledgeMusicStrike,
  auditMusic,
  checkMusicAccess,
  claimMusicReward,
  getRecentlyPlayed,
  musicLogin,
  saveMusicEmail,
  syncMusic,
} from '../../api/music'
import { deviceId } from '../../shared/device-id'

/** The music section's I/O: access from this device, linking, the sync steps and the claim. */
export const musicLinkActors: MachineActors<typeof musicLinkMachine> = {
  checkAccess: fromPromise(() => checkMusicAccess(deviceId())),
  saveEmail: fromPromise(({ input }) => saveMusicEmail(input.email)),
  startLink: fromPromise(() => musicLogin()),
  syncPlays: fromPromise(() => syncMusic()),
  auditPlays: fromPromise(() => auditMusic()),
  accumulateReward: fromPromise(() => accumulateMusicReward()),
  claimReward: fromPromise(({ input }) => claimMusicReward(input.amount)),
  acknowledgeStrike: fromPromise(() => acknowledgeMusicStrike()),
}

/** The latest synced plays, through the reusable loader. */
export const recentPlaysMachine = createResourceMachine<MusicPlay[]>('recent-plays')

export const recentPlaysActors: MachineActors<typeof recentPlaysMachine> = {
  load: fromPromise(async () => ({ data: (await getRecentlyPlayed()).plays })),
}

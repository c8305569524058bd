import { fromPromise } from 'xstate'
import type { profileSettingsMachine } from '../../../machines/profile-settings/profile-settings.machine'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import type { RankProgress } from '../../../contract/progress'
import type { Profile } from '../../../contract/user'
import * as node from '../../../contract/endpoints/node'
import * as user from '../../../contract/endpoints/user'
import { call } from '../../api/http'

/** GET /api/user/profile */
export const profileMachine = createResourceMachine<Profile>('profile')

export const profileActors: MachineActors<typeof profileMachine> = {
  load: fromPromise(async () => ({ data: await call(user.getProfile) })),
}

/** GET /api/node/progress: the next rank and the week's time left. */
export const profileProgressMachine = createResourceMachine<RankProgress>('profile-progress')

export const profileProgressActors: MachineActors<typeof profileProgressMachine> = {
  load: fromPromise(async () => ({ data: await call(node.getProgress) })),
}

/** The share-email checkbox and the mobile number. */
export const profileSettingsActors: MachineActors<typeof profileSettingsMachine> = {
  saveShareEmail: fromPromise(({ input }) => call(user.setShareEmail, { body: input })),
  savePhone: fromPromise(({ input }) => call(user.savePhone, { body: input })),
}

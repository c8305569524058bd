import { fromPromise } from 'xstate'
import { SOCIAL_NETWORK_TYPES } from '../../../contract/missions'
import type {
  Mission,
  MissionAccess,
  Notification,
  SocialNetworkType,
} from '../../../contract/missions'
import { createDisclosureMachine } from '../../../machines/disclosure/disclosure.machine'
import type { missionTileMachine } from '../../../machines/mission-tile/mission-tile.machine'
import type { notificationsMachine } from '../../../machines/notifications/notifications.machine'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import type { socialAccountMachine } from '../../../machines/social-account/social-account.machine'
import * as mission from '../../../contract/endpoints/mission'
import * as user from '../../../contract/endpoints/user'
import { call } from '../../api/http'
import { pageOfDocs } from '../../shared/resource-page'
import { deviceId } from '../../shared/device-id'

/** GET /api/mission/checkAccess?deviceId: may this device take missions at all. */
export const missionAccessMachine = createResourceMachine<MissionAccess>('mission-access')

export const missionAccessActors: MachineActors<typeof missionAccessMachine> = {
  load: fromPromise(async () => ({
    data: await call(mission.checkAccess, { query: { deviceId: deviceId() } }),
  })),
}

/** GET /api/mission/available?type&page: one network's missions, paged. */
export const availableMissionsMachine = createResourceMachine<Mission[]>('available-missions')

/** The loader's logic per network, made once so each tab keeps its own. */
export const availableMissionsActors = Object.fromEntries(
  SOCIAL_NETWORK_TYPES.map((type) => [
    type,
    {
      load: fromPromise(({ input }) =>
        call(mission.getAvailableMissions, { query: { type, page: input.page } }).then(pageOfDocs),
      ),
    },
  ]),
) as Record<SocialNetworkType, MachineActors<typeof availableMissionsMachine>>

export const missionTileActors: MachineActors<typeof missionTileMachine> = {
  addMission: fromPromise(({ input }) => call(mission.addMission, { body: input })),
  checkMission: fromPromise(({ input }) =>
    call(mission.checkMission, { params: { id: input.missionId } }),
  ),
  claimMission: fromPromise(({ input }) =>
    call(mission.claimMission, { body: { missionId: input.missionId } }),
  ),
}

export const socialAccountActors: MachineActors<typeof socialAccountMachine> = {
  // GET /api/mission/account answers every network's account: the machine shows one.
  loadAccount: fromPromise(async ({ input }) => {
    const accounts = await call(mission.getAccount)
    return accounts.find((account) => account.type === input.type) ?? null
  }),
  registerAccount: fromPromise(({ input }) => call(mission.registerAccount, { body: input })),
}

export const notificationsActors: MachineActors<typeof notificationsMachine> = {
  countNew: fromPromise(() => call(mission.countNewNotifications)),
  markAllViewed: fromPromise(() => call(mission.markAllNotificationsViewed)),
  markViewed: fromPromise(({ input }) =>
    call(user.viewNotification, { body: { notificationId: input.id } }),
  ),
}

/** The notifications panel, opened by its button or by a link to #notificaciones. */
export const notificationsPanelMachine = createDisclosureMachine('notifications-panel')

/** GET /api/mission/notifications?page: the player's notifications, newest first. */
export const notificationListMachine = createResourceMachine<Notification[]>('notification-list')

export const notificationListActors: MachineActors<typeof notificationListMachine> = {
  load: fromPromise(({ input }) =>
    call(mission.getNotifications, { query: { page: input.page } }).then(pageOfDocs),
  ),
}

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
import {
  addMission,
  checkAccess,
  checkMission,
  claimMission,
  countNewNotifications,
  getAccount,
  getAvailableMissions,
  getNotifications,
  markAllNotificationsViewed,
  registerAccount,
} from '../../api/mission'
import * as user from '../../../contract/endpoints/user'
import { call } from '../../api/http'
import { deviceId } from '../../shared/device-id'

/** GET /api/mission/checkAccess?deviceId: may this device take missions at all. */
export const missionAccessMachine = createResourceMachine<MissionAccess>('mission-access')

export const missionAccessActors: MachineActors<typeof missionAccessMachine> = {
  load: fromPromise(async () => ({ data: await checkAccess(deviceId()) })),
}

/** GET /api/mission/available?type&page: one network's missions, paged. */
export const availableMissionsMachine = createResourceMachine<Mission[]>('available-missions')

/** The loader's logic per network, made once so each tab keeps its own. */
export const availableMissionsActors = Object.fromEntries(
  SOCIAL_NETWORK_TYPES.map((type) => [
    type,
    { load: fromPromise(({ input }) => getAvailableMissions(type, input.page)) },
  ]),
) as Record<SocialNetworkType, MachineActors<typeof availableMissionsMachine>>

export const missionTileActors: MachineActors<typeof missionTileMachine> = {
  addMission: fromPromise(({ input }) => addMission(input.missionId, input.deviceId)),
  checkMission: fromPromise(({ input }) => checkMission(input.missionId)),
  claimMission: fromPromise(({ input }) => claimMission(input.missionId)),
}

export const socialAccountActors: MachineActors<typeof socialAccountMachine> = {
  loadAccount: fromPromise(({ input }) => getAccount(input.type)),
  registerAccount: fromPromise(({ input }) => registerAccount(input)),
}

export const notificationsActors: MachineActors<typeof notificationsMachine> = {
  countNew: fromPromise(() => countNewNotifications()),
  markAllViewed: fromPromise(() => markAllNotificationsViewed()),
  markViewed: fromPromise(({ input }) =>
    call(user.viewNotification, { body: { notificationId: input.id } }),
  ),
}

/** The notifications panel, opened by its button or by a link to #notificaciones. */
export const notificationsPanelMachine = createDisclosureMachine('notifications-panel')

/** GET /api/mission/notifications?page: the player's notifications, newest first. */
export const notificationListMachine = createResourceMachine<Notification[]>('notification-list')

export const notificationListActors: MachineActors<typeof notificationListMachine> = {
  load: fromPromise(({ input }) => getNotifications(input.page)),
}

import { fromPromise } from 'xstate'
import type {
  DailyMissions,
  Mission,
  NotificationCount,
  VideoAmount,
} from '../../../contract/missions'
import type { referralEarningsMachine } from '../../../machines/referral-earnings/referral-earnings.machine'
import { createResourceMachine } from '../../../machines/resource/resource.machine'
import type { MachineActors } from '../../../machines/shared/machine-entry'
import {
  claimReferralEarnings,
  countNewNotifications,
  getCurrentMissions,
  getDailyMissions,
  getReferralEarnings,
  getVideoAmount,
} from '../../api/mission'

/** The lobby's numbers of today: GET maxMissionsPerDay, video/amount and newNotifications. */
export type LobbySummary = {
  daily: DailyMissions
  amount: VideoAmount
  notifications: NotificationCount
}

export const lobbySummaryMachine = createResourceMachine<LobbySummary>('lobby-summary')

export const lobbySummaryActors: MachineActors<typeof lobbySummaryMachine> = {
  load: fromPromise(async () => {
    // The three mission summary calls at once; the video amount answers zeros when it fails.
    const [daily, amount, notifications] = await Promise.all([
      getDailyMissions(),
      getVideoAmount(),
      countNewNotifications(),
    ])
    return { data: { daily, amount, notifications } }
  }),
}

/** GET /api/mission/current?page: the missions the player took and has not claimed. */
export const currentMissionsMachine = createResourceMachine<Mission[]>('current-missions')

export const currentMissionsActors: MachineActors<typeof currentMissionsMachine> = {
  load: fromPromise(({ input }) => getCurrentMissions(input.page)),
}

export const referralEarningsActors: MachineActors<typeof referralEarningsMachine> = {
  loadReward: fromPromise(() => getReferralEarnings()),
  claimReward: fromPromise(() => claimReferralEarnings()),
}

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
import * as mission from '../../../contract/endpoints/mission'
import { call, logFailure } from '../../api/http'
import { pageOfDocs } from '../../shared/resource-page'

/** The lobby's numbers of today: GET maxMissionsPerDay, video/amount and newNotifications. */
export type LobbySummary = {
  daily: DailyMissions
  amount: VideoAmount
  notifications: NotificationCount
}

/**
 * GET /api/mission/video/amount, a mission summary call. When it fails both amounts are 0 (the
 * catalogue's row), after the failure is logged; a 401 has ended the session already.
 */
export async function getVideoAmount(): Promise<VideoAmount> {
  try {
    return await call(mission.getVideoAmount)
  } catch (error) {
    logFailure(error)
    return { videos: 0, playList: 0 }
  }
}

export const lobbySummaryMachine = createResourceMachine<LobbySummary>('lobby-summary')

export const lobbySummaryActors: MachineActors<typeof lobbySummaryMachine> = {
  load: fromPromise(async () => {
    // The three mission summary calls at once; the video amount answers zeros when it fails.
    const [daily, amount, notifications] = await Promise.all([
      call(mission.getDailyMissions),
      getVideoAmount(),
      call(mission.countNewNotifications),
    ])
    return { data: { daily, amount, notifications } }
  }),
}

/** GET /api/mission/current?page: the missions the player took and has not claimed. */
export const currentMissionsMachine = createResourceMachine<Mission[]>('current-missions')

export const currentMissionsActors: MachineActors<typeof currentMissionsMachine> = {
  load: fromPromise(({ input }) =>
    call(mission.getCurrentMissions, { query: { page: input.page } }).then(pageOfDocs),
  ),
}

export const referralEarningsActors: MachineActors<typeof referralEarningsMachine> = {
  loadReward: fromPromise(() => call(mission.getReferralEarnings)),
  claimReward: fromPromise(() => call(mission.claimReferralEarnings)),
}

import { logFailure, request } from './http'
import type { ResourcePage } from '../../machines/resource/resource.machine'
import type {
  AddedMission,
  ClaimedMission,
  ClaimedReward,
  DailyMissions,
  FinishedVideo,
  Mission,
  MissionAccess,
  MissionCheck,
  Notification,
  NotificationCount,
  Paged,
  PendingReward,
  Playlist,
  RegisterAccountBody,
  SocialAccount,
  SocialNetworkType,
  VideoAmount,
  VideoCheck,
  VideoMission,
  VideoView,
} from '../../contract/missions'

/** A paged answer as the list loader shows it: the documents, and the spec's pagination. */
function toPage<T>({ docs, ...pagination }: Paged<T>): ResourcePage<T[]> {
  return { data: docs, pagination }
}

/** GET /api/mission/maxMissionsPerDay: a mission summary call. */
export function getDailyMissions(): Promise<DailyMissions> {
  return request<DailyMissions>('/api/mission/maxMissionsPerDay', { policy: 'missionSummary' })
}

/**
 * GET /api/mission/video/amount: a mission summary call. When it fails both amounts are 0 (the
 * catalogue's row), after the failure is logged; a 401 has ended the session already.
 */
export async function getVideoAmount(): Promise<VideoAmount> {
  try {
    return await request<VideoAmount>('/api/mission/video/amount', { policy: 'missionSummary' })
  } catch (error) {
    logFailure(error)
    return { videos: 0, playList: 0 }
  }
}

/** GET /api/mission/newNotifications: a mission summary call. */
export function countNewNotifications(): Promise<NotificationCount> {
  return request<NotificationCount>('/api/mission/newNotifications', { policy: 'missionSummary' })
}

export function getNotifications(page: number): Promise<ResourcePage<Notification[]>> {
  return request<Paged<Notification>>('/api/mission/notifications', { query: { page } }).then(
    toPage,
  )
}

export function markAllNotificationsViewed(): Promise<NotificationCount> {
  return request<NotificationCount>('/api/mission/notification/view', {
    method: 'PATCH',
    body: {},
  })
}

/** GET /api/mission/account: the player's account on one network, or null. */
export async function getAccount(type: SocialNetworkType): Promise<SocialAccount | null> {
  const accounts = await request<SocialAccount[]>('/api/mission/account')
  return accounts.find((account) => account.type === type) ?? null
}

export function registerAccount(body: RegisterAccountBody): Promise<SocialAccount> {
  return request<SocialAccount>('/api/mission/account', { method: 'POST', body })
}

export function checkAccess(deviceId: string): Promise<MissionAccess> {
  return request<MissionAccess>('/api/mission/checkAccess', { query: { deviceId } })
}

export function getAvailableMissions(
  type: SocialNetworkType,
  page: number,
): Promise<ResourcePage<Mission[]>> {
  return request<Paged<Mission>>('/api/mission/available', { query: { type, page } }).then(toPage)
}

export function getCurrentMissions(page: number): Promise<ResourcePage<Mission[]>> {
  return request<Paged<Mission>>('/api/mission/current', { query: { page } }).then(toPage)
}

export function addMission(missionId: string, deviceId: string): Promise<AddedMission> {
  return request<AddedMission>('/api/mission/add', {
    method: 'POST',
    body: { missionId, deviceId },
  })
}

export function checkMission(missionId: string): Promise<MissionCheck> {
  return request<MissionCheck>(`/api/mission/${encodeURIComponent(missionId)}/check`)
}

export function claimMission(missionId: string): Promise<ClaimedMission> {
  return request<ClaimedMission>('/api/mission/claim', { method: 'POST', body: { missionId } })
}

export function getReferralEarnings(): Promise<PendingReward> {
  return request<PendingReward>('/api/mission/claimReferred')
}

export function claimReferralEarnings(): Promise<ClaimedReward> {
  return request<ClaimedReward>('/api/mission/claimReferred', { method: 'POST', body: {} })
}

export function getVideos(page: number): Promise<ResourcePage<VideoMission[]>> {
  return request<Paged<VideoMission>>('/api/mission/video/available', { query: { page } }).then(
    toPage,
  )
}

export function getPlaylists(page: number): Promise<ResourcePage<Playlist[]>> {
  return request<Paged<Playlist>>('/api/mission/playlist/available', { query: { page } }).then(
    toPage,
  )
}

export function checkVideo(missionId: string): Promise<VideoCheck> {
  return request<VideoCheck>(`/api/mission/video/${encodeURIComponent(missionId)}/check`)
}

export function playVideo(missionId: string, deviceId: string): Promise<VideoView> {
  return request<VideoView>(`/api/mission/video/${encodeURIComponent(missionId)}/play`, {
    method: 'POST',
    body: { deviceId },
  })
}

export function restartVideo(viewId: string): Promise<VideoView> {
  return request<VideoView>(`/api/mission/video/${encodeURIComponent(viewId)}/restart`, {
    method: 'POST',
    body: {},
  })
}

export function finishVideo(viewId: string, keyToClaim: string): Promise<FinishedVideo> {
  return request<FinishedVideo>(`/api/mission/video/${encodeURIComponent(viewId)}/finish`, {
    method: 'POST',
    body: { keyToClaim },
  })
}

export function getVoltaCharge(): Promise<PendingReward> {
  return request<PendingReward>('/api/mission/voltaCharge')
}

export function claimVoltaCharge(): Promise<ClaimedReward> {
  return request<ClaimedReward>('/api/mission/voltaCharge/claim', { method: 'POST', body: {} })
}

import { request } from './http'
import type {
  ClaimMusicRewardResult,
  MusicAccess,
  MusicAuditResult,
  MusicLogin,
  MusicLoginQuery,
  MusicStatus,
  MusicSyncResult,
  RecentlyPlayed,
} from '../../contract/music'

/** GET /api/spotify/checkAccess: whether this device may use the section, and how it stands. */
export function checkMusicAccess(deviceId: string): Promise<MusicAccess> {
  return request<MusicAccess>('/api/spotify/checkAccess', { query: { deviceId } })
}

/** POST /api/spotify/linkSpotifyEmail: the email of the music account to link. */
export function saveMusicEmail(email: string): Promise<MusicStatus> {
  return request<MusicStatus>('/api/spotify/linkSpotifyEmail', { method: 'POST', body: { email } })
}

/**
 * GET /api/spotify/login: without a query, where to authorize; with the provider's callback
 * query, finishes linking. Answers where the browser goes next.
 */
export function musicLogin(query: MusicLoginQuery = {}): Promise<MusicLogin> {
  return request<MusicLogin>('/api/spotify/login', { query })
}

/** POST /api/spotify/sync: brings the latest plays in. */
export function syncMusic(): Promise<MusicSyncResult> {
  return request<MusicSyncResult>('/api/spotify/sync', { method: 'POST', body: {} })
}

/** POST /api/spotify/checkAudit: audits the pending plays. */
export function auditMusic(): Promise<MusicAuditResult> {
  return request<MusicAuditResult>('/api/spotify/checkAudit', { method: 'POST', body: {} })
}

/** POST /api/spotify/pendingToClaim: accepted plays become the claimable reward. */
export function accumulateMusicReward(): Promise<MusicStatus> {
  return request<MusicStatus>('/api/spotify/pendingToClaim', { method: 'POST', body: {} })
}

/** GET /api/spotify/recentlyPlayed: the latest synced plays. */
export function getRecentlyPlayed(): Promise<RecentlyPlayed> {
  return request<RecentlyPlayed>('/api/spotify/recentlyPlayed')
}

/** POST /api/spotify/claimReward: claims the amount the player saw. */
export function claimMusicReward(amount: number): Promise<ClaimMusicRewardResult> {
  return request<ClaimMusicRewardResult>('/api/spotify/claimReward', {
    method: 'POST',
    body: { amount },
  })
}

/** POST /api/spotify/showStrikeNotification: the player read the strike notice. */
export function acknowledgeMusicStrike(): Promise<MusicStatus> {
  return request<MusicStatus>('/api/spotify/showStrikeNotification', { method: 'POST', body: {} })
}

import { request } from './http'
import type { Session } from '../../contract/auth'
import type { NotificationCount } from '../../contract/missions'
import type { GemHistoryPage } from '../../contract/market'
import type { PlayerRef } from '../../contract/user'
import type { MineState, MiningModeBody, MiningModeChange } from '../../contract/mining'
import type { Paginated } from '../../contract/pagination'
import type { RankReward, RankRewardClaim } from '../../contract/progress'
import type {
  Founders,
  MemberDetail,
  Referral,
  TeamListQuery,
  TeamMember,
  TeamOverview,
} from '../../contract/team'
import type { Profile } from '../../contract/user'

/** The team lists' filter and the page to load. */
type ListQuery = Omit<TeamListQuery, 'page'> & { page: number }

/** PATCH /api/user/termsAgree: records the player's acceptance and answers the updated session. */
export function agreeTerms(): Promise<Session> {
  return request<Session>('/api/user/termsAgree', { method: 'PATCH', body: { termsAgree: true } })
}

/** POST /api/user/view/notification: one notification is seen; answers how many new are left. */
export function viewNotification(notificationId: string): Promise<NotificationCount> {
  return request<NotificationCount>('/api/user/view/notification', {
    method: 'POST',
    body: { notificationId },
  })
}

/** GET /api/user/search?code: the player a code belongs to. */
export function searchPlayer(code: string): Promise<PlayerRef> {
  return request<PlayerRef>('/api/user/search', { query: { code } })
}

/** GET /api/user/gem/history?page: the player's gem transfers. */
export function getGemHistory(page: number): Promise<GemHistoryPage> {
  return request<GemHistoryPage>('/api/user/gem/history', { query: { page } })
}
/** GET /api/user/profile */
export function getProfile(): Promise<Profile> {
  return request<Profile>('/api/user/profile')
}

/** PATCH /api/user/share/email */
export function setShareEmail(shareEmail: boolean): Promise<Profile> {
  return request<Profile>('/api/user/share/email', { method: 'PATCH', body: { shareEmail } })
}

/** POST /api/user/phone */
export function savePhone(phone: string): Promise<Profile> {
  return request<Profile>('/api/user/phone', { method: 'POST', body: { phone } })
}

/** POST /api/user/enableCode: reactivates a penalized account with its sponsor's code. */
export function enableCode(code: string): Promise<Profile> {
  return request<Profile>('/api/user/enableCode', { method: 'POST', body: { code } })
}

/** POST /api/user/node/activate: fuels a station and answers the mine. */
export function activateStation(station: number): Promise<MineState> {
  return request<MineState>('/api/user/node/activate', { method: 'POST', body: { station } })
}

/** PATCH /api/user/miningMode */
export function changeMiningMode(body: MiningModeBody): Promise<MiningModeChange> {
  return request<MiningModeChange>('/api/user/miningMode', { method: 'PATCH', body })
}

/** GET /api/user/team: rank, stations and the eight generation counts. */
export function getTeam(): Promise<TeamOverview> {
  return request<TeamOverview>('/api/user/team')
}

/** GET /api/user/team/{level}/level?search&penalty&page */
export function getTeamLevel(level: number, query: ListQuery): Promise<Paginated<TeamMember>> {
  return request<Paginated<TeamMember>>(`/api/user/team/${level}/level`, { query })
}

/** GET /api/user/referral?search&penalty&page */
export function getReferrals(query: ListQuery): Promise<Paginated<Referral>> {
  return request<Paginated<Referral>>('/api/user/referral', { query })
}

/** GET /api/user/team/{id}/details */
export function getMemberDetail(id: string): Promise<MemberDetail> {
  return request<MemberDetail>(`/api/user/team/${encodeURIComponent(id)}/details`)
}

/** GET /api/user/founder */
export function getFounders(): Promise<Founders> {
  return request<Founders>('/api/user/founder')
}

/** GET /api/user/gainReward?gainRewardTarget */
export function getRankReward(rankIndex: number): Promise<RankReward> {
  return request<RankReward>('/api/user/gainReward', { query: { gainRewardTarget: rankIndex } })
}

/** PATCH /api/user/gainReward: claims a reached rank's gems. */
export function claimRankReward(rankIndex: number): Promise<RankRewardClaim> {
  return request<RankRewardClaim>('/api/user/gainReward', {
    method: 'PATCH',
    body: { gainRewardTarget: rankIndex },
  })
}

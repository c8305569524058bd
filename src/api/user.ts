import { request, withFallback } from './http'
import type { Session } from './schemas/auth'
import type { Profile } from './schemas/user'
import { emptyGenerations, TEAM_GENERATIONS } from '../domain/team'

/** PATCH /api/user/termsAgree: records the player's acceptance and answers the updated session. */
export function agreeTerms(): Promise<Session> {
  return request<Session>('/api/user/termsAgree', { method: 'PATCH', body: { termsAgree: true } })
}

/** GET /api/user/profile */
export function getProfile(): Promise<Profile> {
  return request<Profile>('/api/user/profile')
}

/** GET /api/user/profile for views that show nothing rather than an error: logs and gives null. */
export function getProfileOrNull(): Promise<Profile | null> {
  return withFallback<Profile | null>(getProfile(), null)
}

/** PATCH /api/user/share/email: whether referrals may see the player's email. */
export function setShareEmail(shareEmail: boolean): Promise<Profile> {
  return request<Profile>('/api/user/share/email', { method: 'PATCH', body: { shareEmail } })
}

/**
 * GET /api/user/team: how many players sit in each of the 8 team generations, first generation
 * first. On failure the server's message is logged and the team reads as eight zeros.
 */
export async function getTeamGenerations(): Promise<number[]> {
  const generations = await withFallback(request<number[]>('/api/user/team'), emptyGenerations())
  return Array.from({ length: TEAM_GENERATIONS }, (_, level) => generations[level] ?? 0)
}

/** One entry of GET /api/user/founder. */
export type Founder = {
  code: string
  name: string
  rankIndex: number
}

/** GET /api/user/founder: on failure the server's message is logged and the list is empty. */
export function getFounders(): Promise<Founder[]> {
  return withFallback(request<Founder[]>('/api/user/founder'), [])
}

/** data of GET /api/user/training/playing: the training video or resource being played. */
export type TrainingResource = {
  id: string
  title: string
  url: string
}

/**
 * GET /api/user/training/playing?resourceId: on failure the server's message is logged and no
 * resource is held (null).
 */
export function getTrainingResource(resourceId: string): Promise<TrainingResource | null> {
  return withFallback<TrainingResource | null>(
    request<TrainingResource>('/api/user/training/playing', { query: { resourceId } }),
    null,
  )
}

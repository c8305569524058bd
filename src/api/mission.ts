import { request, withFallback } from './http'

/** data of GET /api/mission/video/amount: videos and playlists the player can still watch. */
export type VideoAmount = {
  videos: number
  playList: number
}

/**
 * GET /api/mission/video/amount, a mission summary call. Any failure shows both amounts as 0
 * (a 401 has still ended the session first).
 */
export async function getVideoAmount(): Promise<VideoAmount> {
  const zero: VideoAmount = { videos: 0, playList: 0 }
  const amount = await withFallback(
    request<VideoAmount>('/api/mission/video/amount', { policy: 'missionSummary' }),
    zero,
  )
  return { videos: amount.videos ?? 0, playList: amount.playList ?? 0 }
}

/**
 * GET /api/mission/maxMissionsPerDay, a mission summary call: a 401 ends the session, other
 * errors carry the server's message and status, no response reads the summary wording.
 */
export function getMaxMissionsPerDay(): Promise<number> {
  return request<number>('/api/mission/maxMissionsPerDay', { policy: 'missionSummary' })
}

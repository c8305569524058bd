import type { SocialNetworkType } from '../../contract/missions'
import { EARNING_RULES } from './rules'

/** What a provider is asked about a social mission the player took. */
export type SocialActionQuery = {
  network: SocialNetworkType
  /** The player's verified account on that network (normalized handle). */
  handle: string
  /** The post, channel or profile the mission asks the player to act on. */
  link: string
  /** When the player took the mission (and was shown its link). */
  addedAt: Date
  now: Date
}

export type SocialActionCheck = { done: true } | { done: false; retryInSeconds: number }

/**
 * Confirms that a player did what a social mission asks (followed, liked, subscribed). Real
 * networks are adapters behind this interface, each asking its network's API; the server is
 * given one through createApp({ socialProvider }).
 */
export type SocialProvider = {
  name: string
  confirmAction: (query: SocialActionQuery) => Promise<SocialActionCheck>
}

/**
 * The offline provider `npm start` uses: it cannot see the networks, so it trusts a player who
 * took the mission (the tile then shows its link) and let `missionCheckSeconds` pass, the time
 * the action takes. Deterministic: the same times give the same answer.
 */
export const localSocialProvider: SocialProvider = {
  name: 'local',
  confirmAction: async ({ addedAt, now }) => {
    const waited = (now.getTime() - addedAt.getTime()) / 1000
    const left = Math.ceil(EARNING_RULES.missionCheckSeconds - waited)
    return left <= 0 ? { done: true } : { done: false, retryInSeconds: left }
  },
}

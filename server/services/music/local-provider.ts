import { randomBytes } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { localMusicPlays } from '../../db/schema'
import { ProviderError, type MusicProvider } from './provider'

const CODE_PREFIX = 'local-'

/**
 * The default music provider: a streaming service simulated on this server, so the music section
 * works offline and in the demo. Authorizing goes straight back to /music/callback (there is no
 * consent screen to show), the account is the email the player registered, and its listening
 * history is what the operator (`npm run admin -- music-listen`) and the demo seed recorded in
 * local_music_plays.
 */
export function localMusicProvider(db: Db): MusicProvider {
  return {
    name: 'local',
    authorizeUrl: ({ state }) => {
      const query = new URLSearchParams({
        code: `${CODE_PREFIX}${randomBytes(12).toString('hex')}`,
        state,
      })
      return `/music/callback?${query.toString()}`
    },
    completeAuthorization: async ({ code, email }) => {
      if (!code.startsWith(CODE_PREFIX)) throw new ProviderError('Not a code of the local provider')
      return {
        account: { id: `local:${email}`, email, name: email.split('@')[0] ?? email },
        tokens: null,
      }
    },
    recentlyPlayed: async ({ email }, { limit }) => {
      const rows = await db
        .select()
        .from(localMusicPlays)
        .where(eq(localMusicPlays.accountEmail, email))
        .orderBy(desc(localMusicPlays.playedAt))
        .limit(limit)
      return {
        plays: rows.map(({ trackId, trackName, artistName, durationMs, playedAt }) => ({
          trackId,
          trackName,
          artistName,
          durationMs,
          playedAt,
        })),
        tokens: null,
      }
    },
  }
}

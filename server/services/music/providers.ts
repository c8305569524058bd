import type { Db } from '../../db/client'
import type { MusicEnv } from '../../env'
import { localMusicProvider } from './local-provider'
import type { MusicProvider } from './provider'
import { spotifyMusicProvider } from './spotify-provider'

/** The provider the environment chooses (MUSIC_PROVIDER): the local simulation unless Spotify. */
export function musicProviderFor(env: MusicEnv, db: Db): MusicProvider {
  if (env.provider === 'local') return localMusicProvider(db)
  return spotifyMusicProvider({
    clientId: env.clientId,
    clientSecret: env.clientSecret,
    redirectUri: env.redirectUri,
    accountsUrl: env.accountsUrl,
    apiUrl: env.apiUrl,
  })
}

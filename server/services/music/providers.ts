import type { Db } from '../../db/client'
import type { MusicEnv } from '../../env'
import { localMusicProvider } from './local-provider'
import type { MusicProvider } from './provider'
import { spotifyMusicProvider } from './spotify-provider'

/** The provider the environment chooses (MUSIC_PROVIDER): the local simulation unless Spotify. */
export function musicProviderFor(env: MusicEnv, db: Db): MusicProvider {
  if (env.provider === 'local') return localMusicProvider(db)
  const { provider: _provider, ...config } = env
  return spotifyMusicProvider(config)
}

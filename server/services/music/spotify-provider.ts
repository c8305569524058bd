import * as v from 'valibot'
import {
  ProviderError,
  type LinkedAccount,
  type MusicProvider,
  type ProviderPlay,
  type ProviderTokens,
} from './provider'

export type SpotifyConfig = {
  clientId: string
  clientSecret: string
  /** Our /music/callback, exactly as registered in the Spotify app. */
  redirectUri: string
  /** https://accounts.spotify.com, or a fake of it in tests. */
  accountsUrl: string
  /** https://api.spotify.com, or a fake of it in tests. */
  apiUrl: string
  fetch?: typeof globalThis.fetch
}

/** What we ask to read: the listening history and the account's email (to match the player's). */
export const SPOTIFY_SCOPES = 'user-read-recently-played user-read-email'

/** Refresh a little before the token expires, so a slow request does not carry a dead one. */
const EXPIRY_MARGIN_MS = 60_000

const tokenAnswer = v.object({
  access_token: v.string(),
  expires_in: v.number(),
  refresh_token: v.optional(v.string()),
})

const meAnswer = v.object({
  id: v.string(),
  email: v.optional(v.nullable(v.string())),
  display_name: v.optional(v.nullable(v.string())),
})

const recentlyPlayedAnswer = v.object({
  items: v.array(
    v.object({
      played_at: v.pipe(v.string(), v.isoTimestamp()),
      track: v.object({
        id: v.string(),
        name: v.string(),
        duration_ms: v.number(),
        artists: v.array(v.object({ name: v.string() })),
      }),
    }),
  ),
})

/**
 * The Spotify Web API behind the MusicProvider adapter: the authorization code flow (authorize,
 * callback, token), token refresh, and GET /v1/me/player/recently-played. Every answer is
 * validated before use; anything unexpected is a ProviderError, never a crash.
 */
export function spotifyMusicProvider(config: SpotifyConfig): MusicProvider {
  const fetchImpl = config.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')

  async function readJson<T extends v.GenericSchema>(
    response: Response,
    schema: T,
    what: string,
  ): Promise<v.InferOutput<T>> {
    if (!response.ok) throw new ProviderError(`${what} answered ${response.status}`)
    const parsed = v.safeParse(schema, await response.json().catch(() => null))
    if (!parsed.success) throw new ProviderError(`${what} answered an unexpected body`)
    return parsed.output
  }

  async function call(url: string, init: RequestInit, what: string): Promise<Response> {
    try {
      return await fetchImpl(url, { ...init, signal: AbortSignal.timeout(10_000) })
    } catch (error) {
      throw new ProviderError(`${what} could not be reached`, { cause: error })
    }
  }

  async function requestToken(
    form: Record<string, string>,
    previousRefresh: string | null,
    now: Date,
  ): Promise<ProviderTokens> {
    const response = await call(
      `${config.accountsUrl}/api/token`,
      {
        method: 'POST',
        headers: {
          Authorization: `Basic ${basic}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(form).toString(),
      },
      'Spotify token',
    )
    const token = await readJson(response, tokenAnswer, 'Spotify token')
    return {
      accessToken: token.access_token,
      // A refresh may answer without a new refresh token: the old one stays valid.
      refreshToken: token.refresh_token ?? previousRefresh,
      expiresAt: new Date(now.getTime() + token.expires_in * 1000),
    }
  }

  function refresh(tokens: ProviderTokens, now: Date): Promise<ProviderTokens> {
    if (!tokens.refreshToken) throw new ProviderError('The account has no refresh token')
    return requestToken(
      { grant_type: 'refresh_token', refresh_token: tokens.refreshToken },
      tokens.refreshToken,
      now,
    )
  }

  function getRecent(accessToken: string, limit: number) {
    const query = new URLSearchParams({ limit: String(limit) })
    return call(
      `${config.apiUrl}/v1/me/player/recently-played?${query.toString()}`,
      { headers: { Authorization: `Bearer ${accessToken}` } },
      'Spotify recently played',
    )
  }

  return {
    name: 'spotify',
    authorizeUrl: ({ state }) => {
      const query = new URLSearchParams({
        client_id: config.clientId,
        response_type: 'code',
        redirect_uri: config.redirectUri,
        scope: SPOTIFY_SCOPES,
        state,
      })
      return `${config.accountsUrl}/authorize?${query.toString()}`
    },

    completeAuthorization: async ({ code, now }) => {
      const tokens = await requestToken(
        { grant_type: 'authorization_code', code, redirect_uri: config.redirectUri },
        null,
        now,
      )
      const response = await call(
        `${config.apiUrl}/v1/me`,
        { headers: { Authorization: `Bearer ${tokens.accessToken}` } },
        'Spotify profile',
      )
      const me = await readJson(response, meAnswer, 'Spotify profile')
      return {
        account: {
          id: me.id,
          email: me.email?.toLowerCase() ?? '',
          name: me.display_name ?? me.id,
        },
        tokens,
      }
    },

    recentlyPlayed: async ({ tokens }: LinkedAccount, { limit, now }) => {
      if (!tokens) throw new ProviderError('The account has no tokens')
      let current = tokens
      let refreshed: ProviderTokens | null = null
      if (current.expiresAt.getTime() - EXPIRY_MARGIN_MS <= now.getTime()) {
        current = refreshed = await refresh(current, now)
      }
      let response = await getRecent(current.accessToken, limit)
      if (response.status === 401 && refreshed === null) {
        // Revoked or expired early: one refresh, one more try.
        current = refreshed = await refresh(current, now)
        response = await getRecent(current.accessToken, limit)
      }
      const answer = await readJson(response, recentlyPlayedAnswer, 'Spotify recently played')
      const plays: ProviderPlay[] = answer.items.map((item) => ({
        trackId: item.track.id,
        trackName: item.track.name,
        artistName: item.track.artists.map((artist) => artist.name).join(', '),
        durationMs: item.track.duration_ms,
        playedAt: new Date(item.played_at),
      }))
      return { plays, tokens: refreshed }
    },
  }
}

import type { MusicProviderName } from '../../../contract/music'

/** A music account as its provider knows it. */
export type MusicAccount = { id: string; email: string; name: string }

/** OAuth tokens of a linked account (the local provider needs none). */
export type ProviderTokens = { accessToken: string; refreshToken: string | null; expiresAt: Date }

/** One play from the provider's listening history. */
export type ProviderPlay = {
  trackId: string
  trackName: string
  artistName: string
  durationMs: number
  playedAt: Date
}

/** What the service stores about a linked account and hands back to the provider. */
export type LinkedAccount = {
  email: string
  accountId: string
  tokens: ProviderTokens | null
}

/** The provider could not be reached or refused us: the player may try again later. */
export class ProviderError extends Error {
  override name = 'ProviderError'
}

/**
 * A music streaming service behind a small adapter: the local provider simulates one on this
 * server (the default, works offline); the Spotify adapter speaks to the real API.
 */
export type MusicProvider = {
  readonly name: MusicProviderName
  /** Where the browser goes to authorize the account; `state` comes back on the callback. */
  authorizeUrl(input: { state: string; email: string }): string
  /** Exchanges the callback's code for the account and its tokens. */
  completeAuthorization(input: {
    code: string
    email: string
    now: Date
  }): Promise<{ account: MusicAccount; tokens: ProviderTokens | null }>
  /**
   * The account's latest plays, newest first, at most `limit`. `tokens` is set when the access
   * token had to be refreshed, for the caller to store.
   */
  recentlyPlayed(
    account: LinkedAccount,
    options: { limit: number; now: Date },
  ): Promise<{ plays: ProviderPlay[]; tokens: ProviderTokens | null }>
}

import path from 'node:path'

/** The server's configuration, read once from the environment with the documented defaults. */
export type ServerEnv = {
  port: number
  host: string
  /** Folder of the embedded PGlite database (ignored when databaseUrl is set). */
  dataDir: string
  /** PostgreSQL connection string; when set the server uses it instead of PGlite. */
  databaseUrl: string | null
  /** Origins allowed to make state-changing (credentialed) calls. */
  appOrigins: string[]
  seed: 'demo' | 'none'
  /**
   * With SEED=demo, how long a newly registered social account waits before it verifies itself
   * (DEMO_VERIFY_SECONDS, 20 by default; `off`: only an operator verifies). Null without the demo.
   */
  accountAutoVerifyMs: number | null
  /**
   * With the demo seeded: how long a terydollar order's voucher (and a conversion) waits before
   * the demo's operator approves it by itself (DEMO_APPROVAL_SECONDS, 60 by default).
   */
  demoOperatorDelayMs: number
  /**
   * How many reverse proxies in front of the server append to X-Forwarded-For and set
   * X-Forwarded-Proto (0: none, forwarding headers are ignored).
   */
  trustProxy: number
  /** True under Vitest or NODE_ENV=test: passwords are hashed at a lower cost so suites stay fast. */
  isTest: boolean
  /** Folder of the built SPA that the server serves next to the API. */
  distDir: string
  /** The music provider: the local simulation (default) or Spotify with its app's credentials. */
  music: MusicEnv
  /** How many live streams (GET /api/live) the server holds (LIVE_STREAMS_PER_SERVER, _PER_PLAYER). */
  liveLimits: LiveLimits
}

/** How many live streams one server holds, in all and per player; past either one is refused. */
export type LiveLimits = { perPlayer: number; perServer: number }

/**
 * A player rarely has more than a few tabs of the game open; the server's ceiling comes from the
 * load measured in decision 022 (memory per stream, delivery time), with room to spare.
 */
export const DEFAULT_LIVE_LIMITS: LiveLimits = { perPlayer: 5, perServer: 5_000 }

export type MusicEnv =
  | { provider: 'local' }
  | {
      provider: 'spotify'
      clientId: string
      clientSecret: string
      redirectUri: string
      accountsUrl: string
      apiUrl: string
    }

export class EnvError extends Error {}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 3000
  const port = Number(raw)
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new EnvError(`PORT must be an integer between 0 and 65535, got "${raw}"`)
  }
  return port
}

function parseSeed(raw: string | undefined): 'demo' | 'none' {
  if (raw === undefined || raw === '' || raw === 'demo') return 'demo'
  if (raw === 'none') return 'none'
  throw new EnvError(`SEED must be "demo" or "none", got "${raw}"`)
}

function parseVerifyDelay(raw: string | undefined, seed: 'demo' | 'none'): number | null {
  const value = (raw ?? '').trim().toLowerCase()
  if (seed !== 'demo' || value === 'off') return null
  if (value === '') return 20_000
  const seconds = Number(value)
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > 86_400) {
    throw new EnvError(
      `DEMO_VERIFY_SECONDS must be a whole number of seconds (0 to 86400) or "off", got "${raw}"`,
    )
  }
  return seconds * 1000
}

function parseDelaySeconds(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 60_000
  const seconds = Number(raw)
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > 86_400) {
    throw new EnvError(`DEMO_APPROVAL_SECONDS must be whole seconds from 0 to 86400, got "${raw}"`)
  }
  return seconds * 1000
}

function parseCount(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback
  const count = Number(raw)
  if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
    throw new EnvError(`${name} must be a whole number from 1 to 1000000, got "${raw}"`)
  }
  return count
}

function parseTrustProxy(raw: string | undefined): number {
  const value = (raw ?? '').trim().toLowerCase()
  if (['', '0', 'false', 'no'].includes(value)) return 0
  if (['true', 'yes'].includes(value)) return 1
  const hops = Number(value)
  if (!Number.isInteger(hops) || hops < 0 || hops > 10) {
    throw new EnvError(`TRUST_PROXY must be true, false or a number of proxies, got "${raw}"`)
  }
  return hops
}

function parseOrigins(raw: string | undefined, port: number): string[] {
  if (raw === undefined || raw.trim() === '') {
    return [`http://localhost:${port}`, `http://127.0.0.1:${port}`]
  }
  return raw
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '')
    .map((origin) => {
      try {
        return new URL(origin).origin
      } catch {
        throw new EnvError(`APP_ORIGIN holds an invalid origin: "${origin}"`)
      }
    })
}

function parseUrl(name: string, raw: string | undefined, fallback: string): string {
  const value = raw?.trim() || fallback
  try {
    return new URL(value).toString().replace(/\/$/, '')
  } catch {
    throw new EnvError(`${name} must be an absolute URL, got "${value}"`)
  }
}

function parseMusic(source: Record<string, string | undefined>, origins: string[]): MusicEnv {
  const provider = source.MUSIC_PROVIDER?.trim() || 'local'
  if (provider === 'local') return { provider }
  if (provider !== 'spotify') {
    throw new EnvError(`MUSIC_PROVIDER must be "local" or "spotify", got "${provider}"`)
  }
  const clientId = source.SPOTIFY_CLIENT_ID?.trim()
  const clientSecret = source.SPOTIFY_CLIENT_SECRET?.trim()
  if (!clientId || !clientSecret) {
    throw new EnvError('MUSIC_PROVIDER=spotify needs SPOTIFY_CLIENT_ID and SPOTIFY_CLIENT_SECRET')
  }
  return {
    provider,
    clientId,
    clientSecret,
    redirectUri: parseUrl(
      'SPOTIFY_REDIRECT_URI',
      source.SPOTIFY_REDIRECT_URI,
      `${origins[0] ?? ''}/music/callback`,
    ),
    accountsUrl: parseUrl(
      'SPOTIFY_ACCOUNTS_URL',
      source.SPOTIFY_ACCOUNTS_URL,
      'https://accounts.spotify.com',
    ),
    apiUrl: parseUrl('SPOTIFY_API_URL', source.SPOTIFY_API_URL, 'https://api.spotify.com'),
  }
}

/** Parses an environment (process.env by default); throws EnvError with a readable message. */
export function readEnv(source: Record<string, string | undefined> = process.env): ServerEnv {
  const port = parsePort(source.PORT)
  const databaseUrl = source.DATABASE_URL?.trim() ? source.DATABASE_URL.trim() : null
  const appOrigins = parseOrigins(source.APP_ORIGIN, port)
  const seed = parseSeed(source.SEED?.trim())
  return {
    port,
    host: source.HOST?.trim() || '127.0.0.1',
    dataDir: path.resolve(source.DATA_DIR?.trim() || '.data'),
    databaseUrl,
    appOrigins,
    seed,
    accountAutoVerifyMs: parseVerifyDelay(source.DEMO_VERIFY_SECONDS, seed),
    demoOperatorDelayMs: parseDelaySeconds(source.DEMO_APPROVAL_SECONDS),
    trustProxy: parseTrustProxy(source.TRUST_PROXY),
    isTest: source.VITEST === 'true' || source.NODE_ENV === 'test',
    distDir: path.resolve('dist'),
    music: parseMusic(source, appOrigins),
    liveLimits: {
      perPlayer: parseCount(
        'LIVE_STREAMS_PER_PLAYER',
        source.LIVE_STREAMS_PER_PLAYER,
        DEFAULT_LIVE_LIMITS.perPlayer,
      ),
      perServer: parseCount(
        'LIVE_STREAMS_PER_SERVER',
        source.LIVE_STREAMS_PER_SERVER,
        DEFAULT_LIVE_LIMITS.perServer,
      ),
    },
  }
}

/** Whether the current process runs under a test runner (lower password-hashing cost). */
export const isTestRuntime = process.env.VITEST === 'true' || process.env.NODE_ENV === 'test'

import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'
import type { UserRow } from '../services/auth'

/** Hono typing shared by the app and every route group. */
export type AppEnv = {
  Bindings: { incoming?: IncomingMessage }
  Variables: {
    /** The signed-in player, or null. Set for every /api request by the session middleware. */
    user: UserRow | null
    /** The raw session token from the cookie, when one was sent and is valid. */
    sessionToken: string | null
  }
}

/** Whether the browser reached us over HTTPS (directly, or through a proxy we were told to trust). */
export function isHttps(c: Context, trustProxy: boolean): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true
  if (!trustProxy) return false
  const forwarded = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase()
  return forwarded === 'https'
}

/** The caller's IP address, for per-IP login limits. */
export function clientIp<E extends AppEnv>(c: Context<E>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  return c.env?.incoming?.socket?.remoteAddress ?? 'unknown'
}

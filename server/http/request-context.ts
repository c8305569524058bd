import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'
import type { SessionPlayer } from '../services/auth'

/** Hono typing shared by the app and every route group. */
export type AppEnv = {
  Bindings: { incoming?: IncomingMessage }
  Variables: {
    /** The signed-in player, or null. Set for every /api request by the session middleware. */
    user: SessionPlayer | null
    /**
     * What the route reads with the session (`readingWithSession`), before the handler ran; null
     * for a visitor and on every other route. The route's own type says what it is.
     */
    read: unknown
    /** The raw session token from the cookie, when one was sent and is valid. */
    sessionToken: string | null
  }
}

/**
 * The value our own proxies vouch for in a comma-separated forwarding header: each proxy appends
 * what it saw, so with `hops` trusted proxies in front of us the client's entry is the hops-th
 * from the right. Entries further left were written by the client and prove nothing.
 */
function forwardedByTrustedProxy(header: string | undefined, hops: number): string | null {
  if (hops <= 0 || header === undefined) return null
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
  return entries[entries.length - hops] ?? entries[0] ?? null
}

/**
 * Whether the browser reached us over HTTPS. We never terminate TLS ourselves, so only a trusted
 * proxy's X-Forwarded-Proto can say so: an absolute https:// URL in a plain-HTTP request line does
 * not (with TRUST_PROXY unset, every request is plain HTTP).
 */
export function isHttps(c: Context, trustProxy: number): boolean {
  const proto = forwardedByTrustedProxy(c.req.header('x-forwarded-proto'), trustProxy)
  return proto?.toLowerCase() === 'https'
}

/**
 * The caller's IP address, for per-IP limits: the address our trusted proxy appended to
 * X-Forwarded-For (TRUST_PROXY hops from the right), else the socket's peer.
 */
export function clientIp<E extends AppEnv>(c: Context<E>, trustProxy: number): string {
  return (
    forwardedByTrustedProxy(c.req.header('x-forwarded-for'), trustProxy) ??
    c.env?.incoming?.socket?.remoteAddress ??
    'unknown'
  )
}

/**
 * Whether the request was relayed by a proxy that is not one of ours (a VPN gateway or an open
 * proxy that announces itself): more X-Forwarded-For entries than our TRUST_PROXY hops append, or
 * a Forwarded or Via header when no proxy of ours is declared. Silent VPNs are not seen this way;
 * it is the check a server can make without an IP reputation service.
 */
export function isRelayed<E extends AppEnv>(c: Context<E>, trustProxy: number): boolean {
  const forwardedFor = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .filter((entry) => entry.trim() !== '')
  if (forwardedFor.length > trustProxy) return true
  return trustProxy === 0 && (c.req.header('forwarded') ?? c.req.header('via')) !== undefined
}

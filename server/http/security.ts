import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { secureHeaders } from 'hono/secure-headers'
import { apiMessages } from '../../contract/messages'
import { fail } from './envelope'
import { isHttps, type AppEnv } from './request-context'

/** Largest request body accepted, in bytes. */
export const MAX_BODY_BYTES = 16 * 1024

export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * The Content-Security-Policy of every answer. The built SPA loads only its own files (no inline
 * scripts or style elements); images may be data: URLs because Vite inlines small assets.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "img-src 'self' data:",
  "form-action 'self'",
].join('; ')

export function securityHeaders(trustProxy: boolean): MiddlewareHandler<AppEnv> {
  const headers = secureHeaders({
    // HSTS only makes sense over HTTPS; it is added below when the request came that way.
    strictTransportSecurity: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    crossOriginResourcePolicy: 'same-origin',
    crossOriginOpenerPolicy: 'same-origin',
  })
  return async (c, next) => {
    await headers(c, next)
    c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
    if (isHttps(c, trustProxy)) {
      c.header('Strict-Transport-Security', 'max-age=15552000; includeSubDomains')
    }
  }
}

/**
 * Cross-site request forgery defence for state-changing methods: a browser request from another
 * site (Sec-Fetch-Site: cross-site, or an Origin not in the allowed list) gets 403, and the body
 * must be declared JSON (415), which a plain HTML form cannot do. A request without Origin and
 * without Sec-Fetch-Site does not come from a browser page (curl, scripts) and carries no
 * ambient cookie risk, so it passes the origin check.
 */
export function requestGuard(allowedOrigins: readonly string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(allowedOrigins)
  return async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method)) return next()
    if (c.req.header('sec-fetch-site')?.toLowerCase() === 'cross-site') {
      return fail(c, 403, apiMessages.forbiddenOrigin)
    }
    const origin = c.req.header('origin')
    if (origin !== undefined && !allowed.has(origin))
      return fail(c, 403, apiMessages.forbiddenOrigin)
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
    if (type !== 'application/json') return fail(c, 415, apiMessages.notJson)
    return next()
  }
}

export const limitBody: MiddlewareHandler<AppEnv> = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: (c) => fail(c, 400, apiMessages.tooLarge),
})

import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { apiMessages } from '../../contract/messages'
import { uploadOf } from './endpoint'
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

/**
 * Browser features the app never uses are switched off, for the page and anything it could embed.
 * The clipboard stays allowed for the app's own origin: it copies invite codes and pastes the
 * referral code at signup. Only features Chromium knows are listed (an unknown one is a console
 * error on every page).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'clipboard-read=(self)',
  'clipboard-write=(self)',
].join(', ')

type Headers = readonly (readonly [string, string])[]

/** The headers of every page and file of the built SPA, computed once. */
export const DOCUMENT_SECURITY_HEADERS: Headers = [
  ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
  ['Permissions-Policy', PERMISSIONS_POLICY],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'DENY'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  // The legacy XSS auditor is off: it opened more holes than it closed; the CSP does the job.
  ['X-XSS-Protection', '0'],
]

/** The CSP of a JSON answer: nothing may load from it, and nothing may frame it. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'"

/**
 * The headers of every JSON answer (the API's, errors included, and the refusals of requests the
 * HTTP parser rejects): those that still mean something for a document no browser renders as a
 * page, as OWASP's REST Security cheat sheet lists them. The page-only ones (Permissions-Policy,
 * the opener and agent-cluster policies, Referrer-Policy, the legacy IE and Flash switches) would
 * add about 0.7 KB to every answer for nothing; HSTS is added for both when the request was HTTPS.
 * API answers hold private data (the profile's email, phone and balances) and change with every
 * call, so no browser or proxy may store them: no API handler sets Cache-Control.
 */
export const API_SECURITY_HEADERS: Headers = [
  ['Cache-Control', 'no-store'],
  ['Content-Security-Policy', API_CONTENT_SECURITY_POLICY],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
]

/**
 * The API's paths: /api and everything under it, however the path is written (`//api/...`,
 * `/API/...`): a path a proxy or a browser may normalise into the API is answered as the API
 * answers (its headers, its 404 envelope), never with the app's page.
 */
export function isApiPath(path: string): boolean {
  const normal = path.replace(/\/{2,}/g, '/').toLowerCase()
  return normal === '/api' || normal.startsWith('/api/')
}

const HSTS = 'max-age=15552000; includeSubDomains'

/**
 * Security headers on every answer (the API's set on /api, the documents' elsewhere), and HSTS
 * when a trusted proxy says the request was HTTPS. They go into the headers the answer is built
 * with, before the handler runs: set afterwards, they would rebuild every answer's header list a
 * second time.
 */
export function securityHeaders(trustProxy: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const headers = isApiPath(c.req.path) ? API_SECURITY_HEADERS : DOCUMENT_SECURITY_HEADERS
    for (const [name, value] of headers) c.header(name, value)
    if (isHttps(c, trustProxy)) c.header('Strict-Transport-Security', HSTS)
    await next()
  }
}

/**
 * Cross-site request forgery defence for state-changing methods: a browser request from another
 * site (Sec-Fetch-Site: cross-site, or an Origin not in the allowed list) gets 403, and the body
 * must be declared JSON (415), which a plain HTML form cannot do; a route declared as an upload
 * (`endpoint({ upload })`) takes exactly its declared file types instead. A request without Origin and
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
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() ?? ''
    const upload = uploadOf(c)
    if (upload) {
      if (!upload.types.includes(type)) return fail(c, 415, apiMessages.uploadType)
    } else if (type !== 'application/json') {
      return fail(c, 415, apiMessages.notJson)
    }
    return next()
  }
}

const limitBodySize = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: (c) => fail(c, 413, apiMessages.tooLarge),
})

/** Body limits of upload routes, one per size. */
const uploadLimits = new Map<number, MiddlewareHandler>()

function uploadLimit(maxBytes: number): MiddlewareHandler {
  let limit = uploadLimits.get(maxBytes)
  if (!limit) {
    limit = bodyLimit({
      maxSize: maxBytes,
      onError: (c) => fail(c, 413, apiMessages.uploadTooLarge),
    })
    uploadLimits.set(maxBytes, limit)
  }
  return limit
}

/**
 * For the methods that carry a body: 413 'La solicitud es demasiado grande' over 16 KB, or, on an
 * upload route, 413 'El archivo supera el tamaño permitido' over its declared size.
 */
export const limitBody: MiddlewareHandler<AppEnv> = (c, next) => {
  if (!STATE_CHANGING.has(c.req.method)) return next()
  const upload = uploadOf(c)
  return upload ? uploadLimit(upload.maxBytes)(c, next) : limitBodySize(c, next)
}

import type { Context, MiddlewareHandler } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { Db } from '../db/client'
import { resolveSession } from '../services/auth'
import { accountTag, DEVICE_COOKIE_TTL_MS } from '../services/device-cookies'
import { sessionReadOf } from './endpoint'
import { isHttps, type AppEnv } from './request-context'

export const SESSION_COOKIE = 'tery_session'
/** Over HTTPS the cookie takes the __Host- prefix: Secure, Path=/, no Domain, so no subdomain can set it. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`

function cookieName(c: Context, trustProxy: number): string {
  return isHttps(c, trustProxy) ? SECURE_SESSION_COOKIE : SESSION_COOKIE
}

export function setSessionCookie(c: Context, trustProxy: number, token: string, expiresAt: Date) {
  const secure = isHttps(c, trustProxy)
  setCookie(c, cookieName(c, trustProxy), token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure,
    expires: expiresAt,
  })
}

export function clearSessionCookie(c: Context, trustProxy: number) {
  deleteCookie(c, cookieName(c, trustProxy), {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: isHttps(c, trustProxy),
  })
}

/**
 * A browser's device cookie for one account is named after it, so a browser shared by several
 * players keeps one for each (server/services/device-cookies.ts).
 */
function deviceCookieName(c: Context, trustProxy: number, email: string): string {
  const name = `tery_device_${accountTag(email)}`
  return isHttps(c, trustProxy) ? `__Host-${name}` : name
}

/** The device cookie the browser sent for `email`, or null. */
export function readDeviceCookie(c: Context, trustProxy: number, email: string): string | null {
  return getCookie(c, deviceCookieName(c, trustProxy, email)) ?? null
}

export function setDeviceCookie(c: Context, trustProxy: number, email: string, value: string) {
  setCookie(c, deviceCookieName(c, trustProxy, email), value, {
    httpOnly: true,
    // Only the app's own login form sends it: no other site has a reason to.
    sameSite: 'Strict',
    path: '/',
    secure: isHttps(c, trustProxy),
    maxAge: DEVICE_COOKIE_TTL_MS / 1000,
  })
}

/**
 * Loads the player behind the session cookie into c.var.user (null without a valid session), and
 * into c.var.read what the request's route reads with the session (`readingWithSession`), in the
 * same statement, at the game's instant `now()`; null for every other route.
 */
export function loadSession(
  db: Db,
  trustProxy: number,
  now: () => Date,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('user', null)
    c.set('read', null)
    c.set('sessionToken', null)
    const token = getCookie(c, cookieName(c, trustProxy))
    if (token) {
      const signedIn = await resolveSession(db, token, sessionReadOf(c), now())
      if (signedIn) {
        c.set('user', signedIn.player)
        c.set('read', signedIn.read)
        c.set('sessionToken', token)
      } else {
        // The browser holds a dead token: tell it to forget it.
        clearSessionCookie(c, trustProxy)
      }
    }
    await next()
  }
}

import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { serverSecrets } from '../db/schema'
import type { LimitPolicy } from './rate-limits'

/*
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser where
 * a player logged in gets a signed cookie naming that account. A login for that account from that
 * browser is trusted: it skips the limits strangers fill (its address's, the account's ceiling),
 * has a hashing lane of its own, and is limited by its cookie's own failures instead. A cookie
 * that fails too often is locked out, and its logins are strangers' again until the lockout ends.
 */

const DAY_MS = 24 * 60 * 60 * 1000
const MINUTE_MS = 60 * 1000

/** How long a device cookie is honoured after the login that issued it. */
export const DEVICE_COOKIE_TTL_MS = 365 * DAY_MS

/**
 * Failed logins with one device cookie: 5 per 15 minutes, then lockouts of 1, 2, 4 ... minutes up
 * to an hour, during which the cookie counts for nothing. A success resets it.
 */
export const LOGIN_DEVICE_POLICY: LimitPolicy = {
  limit: 5,
  windowMs: 15 * MINUTE_MS,
  lockout: { firstMs: MINUTE_MS, maxMs: 60 * MINUTE_MS },
}

const SECRET_NAME = 'device-cookie'
const secrets = new WeakMap<Db, Promise<Buffer>>()

/** The key that signs device cookies, made once for every server on the database. */
function signingKey(db: Db): Promise<Buffer> {
  let key = secrets.get(db)
  if (!key) {
    key = (async () => {
      await db
        .insert(serverSecrets)
        .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing()
      const [row] = await db
        .select({ value: serverSecrets.value })
        .from(serverSecrets)
        .where(eq(serverSecrets.name, SECRET_NAME))
      if (!row) throw new Error('The device cookie key was not written')
      return Buffer.from(row.value, 'base64url')
    })()
    key.catch(() => secrets.delete(db))
    secrets.set(db, key)
  }
  return key
}

/** An account's name in its device cookie: the lowercased email's SHA-256, not the email. */
export function accountTag(email: string): string {
  return createHash('sha256').update(email.toLowerCase()).digest('base64url').slice(0, 16)
}

const sign = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url')

/** A new device cookie's value for a player who just logged in: `account.nonce.issued.mac`. */
export async function issueDeviceCookie(db: Db, email: string, now: Date): Promise<string> {
  const payload = [
    accountTag(email),
    randomBytes(16).toString('base64url'),
    Math.floor(now.getTime() / 1000),
  ].join('.')
  return `${payload}.${sign(await signingKey(db), payload)}`
}

/**
 * The device behind a cookie sent with a login for `email` (its nonce, which names its limit), or
 * null when the cookie is not ours, names another account or is too old.
 */
export async function trustedDevice(
  db: Db,
  cookie: string,
  email: string,
  now: Date,
): Promise<string | null> {
  const parts = cookie.split('.')
  if (parts.length !== 4) return null
  const [tag, nonce, issued, mac] = parts as [string, string, string, string]
  const expected = Buffer.from(sign(await signingKey(db), `${tag}.${nonce}.${issued}`))
  const given = Buffer.from(mac)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  if (tag !== accountTag(email)) return null
  const issuedAt = Number(issued) * 1000
  if (!Number.isSafeInteger(issuedAt) || now.getTime() - issuedAt > DEVICE_COOKIE_TTL_MS) {
    return null
  }
  return nonce
}

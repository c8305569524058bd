import { createHash, randomBytes, randomInt } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { alias, type SelectedFields } from 'drizzle-orm/pg-core'
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types'
import type {
  ParentCode,
  Session,
  SignupBody,
  SignupLimits,
  SignupResult,
} from '../../contract/auth'
import type { Currency } from '../../contract/currencies'
import { apiMessages } from '../../contract/messages'
import { preparedPerDb, type Db, type Tx } from '../db/client'
import { queueSessionEnded } from '../db/live-outbox'
import { sessions, users } from '../db/schema'
import { isUniqueViolation } from './db-errors'
import { DomainError, fieldError, retryLater } from './errors'
import { balancesSql, openPlayerAccounts, parseBalances, transfer } from './ledger'
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords'
import { clearSlots, returnSlot, takeSlot, type LimitPolicy } from './rate-limits'
import { issueDeviceCookie, LOGIN_DEVICE_POLICY, trustedDevice } from './device-cookies'
import { WELCOME_TERYCARBONS } from './rules'
import { linkNewMember } from './team-tree'
import { inTransaction } from './atomic'

const HOUR = 60 * 60 * 1000
const MINUTE = 60 * 1000
/** A session ends after this long without use... */
export const SESSION_IDLE_MS = 7 * 24 * HOUR
/** ...and in any case this long after login. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * HOUR
/** How often a used session's last-seen time is written (not at every request). */
const SESSION_TOUCH_MS = HOUR

export const LOGIN_WINDOW_MS = 15 * MINUTE
/** The window of the signup limits (SIGNUP_LIMITS): a day. */
const SIGNUP_WINDOW_MS = 24 * HOUR

/**
 * Sign-in attempts for one email from one IP: 5 per 15 minutes, then a lockout of 1 minute that
 * doubles at each new lockout (2, 4, 8 ... capped at 1 hour). It throttles a guesser without
 * locking the account's owner out from their own network. A successful login resets the pair.
 */
export const LOGIN_PAIR_POLICY: LimitPolicy = {
  limit: 5,
  windowMs: LOGIN_WINDOW_MS,
  lockout: { firstMs: MINUTE, maxMs: HOUR },
}
/** All attempts at one email from every IP: a ceiling against guessing spread over many IPs. */
export const LOGIN_ACCOUNT_POLICY: LimitPolicy = { limit: 50, windowMs: LOGIN_WINDOW_MS }
/**
 * Failed sign-ins and refused sign-ups from one IP, whatever the email, taken before any password
 * is hashed (a burst of logins for unknown emails costs the attacker's IP, not the server's CPU).
 */
export const AUTH_IP_POLICY: LimitPolicy = { limit: 20, windowMs: LOGIN_WINDOW_MS }

const ipKey = (ip: string) => `auth-ip:${ip}`
const accountKey = (email: string) => `login-account:${email}`
const pairKey = (email: string, ip: string) => `login-pair:${email}|${ip}`
const deviceKey = (nonce: string) => `login-device:${nonce}`

/** Invite codes: 8 characters without the look-alikes 0/O, 1/I/L. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const CODE_LENGTH = 8

export type UserRow = typeof users.$inferSelect

/** The signed-in player as every request reads them with its session: what the routes use. */
export type SessionPlayer = Pick<
  UserRow,
  'id' | 'name' | 'email' | 'code' | 'termsAgree' | 'rankIndex' | 'parentId'
>

const unknownParentCode = () => fieldError(400, 'parentCode', apiMessages.unknownParentCode)
const emailTaken = () => fieldError(409, 'email', apiMessages.emailTaken)

export function generateInviteCode(): string {
  let code = ''
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]
  return code
}

/** What GET /api/auth/session and POST /api/auth/login answer about the signed-in player, balances included. */
export function toSession(user: SessionPlayer, balances: Record<Currency, number>): Session {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    code: user.code,
    termsAgree: user.termsAgree,
    rankIndex: user.rankIndex,
    balances,
  }
}

export async function findParentByCode(db: Db, code: string): Promise<ParentCode | null> {
  const [parent] = await db
    .select({ code: users.code, name: users.name })
    .from(users)
    .where(eq(users.code, code.toUpperCase()))
    .limit(1)
  return parent ?? null
}

async function findParentId(tx: Tx, code: string): Promise<string> {
  const [parent] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.code, code))
    .limit(1)
  if (!parent) throw unknownParentCode()
  return parent.id
}

type NewPlayer = Omit<SignupBody, 'password' | 'parentCode' | 'deviceId'> & {
  /** The inviting player's code, or null for a player nobody invited (the operator's first). */
  parentCode: string | null
  passwordHash: string
  code?: string
  /** Where a signup came from (the operator's risk signals); absent for the operator's and the seed's. */
  signup?: { address: string; device: string }
}

/**
 * Inserts a player with their four accounts and pays the welcome reward, in one transaction,
 * stamped with the caller's clock `now`. The parent's referral reward is not paid here: it waits
 * until the new player first earns a reward by playing (recordFirstPlay, decision 026), so
 * an account nobody plays with pays nobody. Used by signup, by the operator's create-player and
 * by the demo seed (which passes fixed codes and a shared hash).
 */
export async function createPlayer(db: Db, input: NewPlayer, now: Date): Promise<UserRow> {
  const parentCode = input.parentCode?.toUpperCase() ?? null
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await inTransaction(db, async (tx) => {
        const parentId = parentCode === null ? null : await findParentId(tx, parentCode)
        const [user] = await tx
          .insert(users)
          .values({
            email: input.email.toLowerCase(),
            name: input.name,
            phone: input.phone,
            passwordHash: input.passwordHash,
            code: input.code ?? generateInviteCode(),
            parentId,
            signupAddress: input.signup?.address ?? null,
            signupDevice: input.signup?.device ?? null,
            createdAt: now,
          })
          .returning()
        if (!user) throw new Error('The new player was not written')
        await linkNewMember(tx, user)
        await openPlayerAccounts(tx, user.id)
        await transfer(tx, {
          currency: 'terycarbons',
          from: { system: 'supply' },
          to: { userId: user.id },
          amount: WELCOME_TERYCARBONS,
          kind: 'welcome',
          idempotencyKey: `welcome:${user.id}`,
          at: now,
        })
        return user
      })
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_unique')) throw emailTaken()
      // A random invite code collided with an existing one: draw another (never with a fixed one).
      if (
        isUniqueViolation(error, 'users_code_unique') &&
        input.code === undefined &&
        attempt < 5
      ) {
        continue
      }
      throw error
    }
  }
}

async function requireSlot(db: Db, key: string, policy: LimitPolicy, now: Date): Promise<void> {
  const slot = await takeSlot(db, key, policy)
  if (!slot.allowed) {
    throw retryLater(429, apiMessages.tooManyAttempts, slot.retryAfterSeconds, now)
  }
}

/**
 * Takes a slot of the day's signups from this address and from this device, each one atomic, or
 * refuses with the message of the limit that is full (giving back what it took). Answers the keys
 * taken, to give back if the player is not created after all.
 */
async function takeSignupSlots(
  db: Db,
  ip: string,
  deviceId: string,
  limits: SignupLimits,
  now: Date,
): Promise<string[]> {
  const wanted = [
    {
      key: `signup-address:${ip}`,
      limit: limits.perAddressPerDay,
      message: apiMessages.signupsFromAddress,
    },
    {
      key: `signup-device:${deviceId}`,
      limit: limits.perDevicePerDay,
      message: apiMessages.signupsFromDevice,
    },
  ]
  const taken: string[] = []
  for (const { key, limit, message } of wanted) {
    const slot = await takeSlot(db, key, { limit, windowMs: SIGNUP_WINDOW_MS })
    if (!slot.allowed) {
      await Promise.all(taken.map((done) => returnSlot(db, done)))
      throw retryLater(429, message, slot.retryAfterSeconds, now)
    }
    taken.push(key)
  }
  return taken
}

/**
 * POST /api/auth/signup: a new player under a parent code. Does not log in. Every attempt takes
 * a slot of its IP's limit before anything is checked or hashed, and gives it back when the player
 * is created: 'already registered' answers (which tell that an email exists) are limited per IP.
 * An attempt that would create a player also takes a slot of the day's signups from its address
 * and from its device (`limits`, null for none), kept when the player is created: a farm of
 * accounts from one place stops at the limit (issue 29).
 */
export async function signUp(
  db: Db,
  body: SignupBody,
  ip: string,
  now: Date,
  limits: SignupLimits | null,
): Promise<SignupResult> {
  await requireSlot(db, ipKey(ip), AUTH_IP_POLICY, now)
  const email = body.email.toLowerCase()
  if (!(await findParentByCode(db, body.parentCode))) throw unknownParentCode()
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (taken) throw emailTaken()
  const signupSlots = limits ? await takeSignupSlots(db, ip, body.deviceId, limits, now) : []
  try {
    let passwordHash: string
    try {
      passwordHash = await hashPassword(body.password, { lane: { trusted: false, address: ip } })
    } catch (error) {
      // Refused for load before any check happened: the attempt does not count.
      await returnSlot(db, ipKey(ip))
      throw error
    }
    const user = await createPlayer(
      db,
      { ...body, email, passwordHash, signup: { address: ip, device: body.deviceId } },
      now,
    )
    await returnSlot(db, ipKey(ip))
    return { email: user.email, code: user.code }
  } catch (error) {
    // No player was created: the day's signups from here are as they were.
    await Promise.all(signupSlots.map((key) => returnSlot(db, key)))
    throw error
  }
}

/** What the database keeps of a session token: its SHA-256, in hex. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export type IssuedSession = { token: string; expiresAt: Date; user: UserRow }

async function createSession(db: Db, user: UserRow): Promise<IssuedSession> {
  // 256 random bits; only their SHA-256 reaches the database.
  const token = randomBytes(32).toString('base64url')
  const now = new Date()
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS)
  await db.insert(sessions).values({
    tokenHash: hashSessionToken(token),
    userId: user.id,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  })
  return { token, expiresAt, user }
}

/** A login's outcome: the new session, and the device cookie that names this browser from now. */
export type LoggedIn = IssuedSession & { deviceCookie: string }

/**
 * POST /api/auth/login. A browser that sends a device cookie for this email (it logged in here
 * before: server/services/device-cookies.ts) is trusted: the attempt takes a slot of its cookie's
 * own limit (LOGIN_DEVICE_POLICY) and its hash has a lane strangers cannot fill. Any other attempt,
 * or one whose cookie is locked out, is a stranger's: before any password is checked it takes a
 * slot of three limits, each one atomic: its IP's (AUTH_IP_POLICY), its email-and-IP pair's
 * (LOGIN_PAIR_POLICY, with growing lockouts) and its email's ceiling (LOGIN_ACCOUNT_POLICY), and
 * its hash waits for its address's turn. A refused slot answers 429 with Retry-After, the right
 * password included; so strangers' failures never lock out the owner's known browser. Unknown
 * emails cost the same hashing work and get the same answer as a wrong password. A success resets
 * the pair (or the cookie's count), gives back the other slots, issues a brand-new token and a
 * device cookie, and drops the session the browser came with, if any.
 */
export async function logIn(
  db: Db,
  input: {
    email: string
    password: string
    ip: string
    previousToken: string | null
    /** The browser's device cookie for this email, if it sent one. */
    deviceCookie: string | null
    now: Date
  },
): Promise<LoggedIn> {
  const email = input.email.toLowerCase()
  const { ip, now } = input
  const device =
    input.deviceCookie === null ? null : await trustedDevice(db, input.deviceCookie, email, now)
  const trusted =
    device !== null && (await takeSlot(db, deviceKey(device), LOGIN_DEVICE_POLICY)).allowed
  if (!trusted) {
    // In this order: a guesser refused on its pair never reaches (nor uses up) the account's ceiling.
    await requireSlot(db, ipKey(ip), AUTH_IP_POLICY, now)
    await requireSlot(db, pairKey(email, ip), LOGIN_PAIR_POLICY, now)
    await requireSlot(db, accountKey(email), LOGIN_ACCOUNT_POLICY, now)
  }
  const giveBackSlots = async () => {
    if (trusted) return
    await returnSlot(db, ipKey(ip))
    await returnSlot(db, accountKey(email))
  }
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1)
  const lane = { trusted, address: ip }
  let valid: boolean
  try {
    valid = user
      ? await verifyPassword(input.password, user.passwordHash, lane)
      : await verifyAgainstDummy(input.password, lane)
  } catch (error) {
    // Refused for load (503) before the password was checked: the attempt does not count.
    await giveBackSlots()
    await returnSlot(db, device !== null && trusted ? deviceKey(device) : pairKey(email, ip))
    throw error
  }
  if (!user || !valid) throw new DomainError(401, apiMessages.invalidCredentials)

  await clearSlots(db, device !== null && trusted ? deviceKey(device) : pairKey(email, ip))
  await giveBackSlots()
  if (input.previousToken) await logOut(db, input.previousToken)
  return {
    ...(await createSession(db, user)),
    deviceCookie: await issueDeviceCookie(db, email, now),
  }
}

/**
 * The session's player as the session lookup joins them: the columns a route reads with the
 * session (`sessionRead`) are over this row.
 */
export const me = alias(users, 'me')
/**
 * The player's id as a read's subqueries name it. Written out: drizzle leaves a column of a
 * one-table select unqualified, which inside a subquery would name the subquery's own table.
 */
export const myId = sql`me.id`

/*
 * Every request with a session cookie runs the session lookup, so it is one prepared statement:
 * the session and its player in one read, with only the columns the routes use (each column costs
 * its parsing on every request). A route whose answer is made of the player's row adds its own
 * columns to that statement instead of running one of its own (decision 013): the session check
 * adds the balances, the profile its whole answer.
 */
const sessionColumns = {
  id: me.id,
  name: me.name,
  email: me.email,
  code: me.code,
  termsAgree: me.termsAgree,
  rankIndex: me.rankIndex,
  parentId: me.parentId,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
}

/**
 * What a route reads with the session, in the session lookup's statement: the lookup with the
 * route's columns, prepared once per database handle; the placeholders those columns take at the
 * request's instant; and what the route makes of the row.
 */
export type SessionRead<T> = {
  statement: (db: Db) => {
    execute: (params: Record<string, string>) => Promise<SessionRow[]>
  }
  params: (now: Date) => Record<string, string>
  read: (row: SessionRow) => T
}
type SessionRow = SelectResultFields<typeof sessionColumns>

/**
 * A route's read with the session (`readingWithSession()` mounts it on the route): `columns` over
 * the player `me` (a subquery names the player `myId`), the placeholders they take at the
 * request's instant (`params`), and `read`, what the route makes of the row (the session's
 * columns with them). `name` names the prepared statement.
 */
export function sessionRead<C extends SelectedFields, T>(
  name: string,
  columns: C,
  read: (row: SelectResultFields<C> & SessionRow) => T,
  params: (now: Date) => Record<string, string> = () => ({}),
): SessionRead<T> {
  const statement = preparedPerDb((db) =>
    db
      .select({ ...columns, ...sessionColumns })
      .from(sessions)
      .innerJoin(me, eq(me.id, sessions.userId))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .limit(1)
      .prepare(name),
  )
  return {
    statement: statement as SessionRead<T>['statement'],
    params,
    read: read as (row: SessionRow) => T,
  }
}

/** The lookup alone, for every route that reads nothing with the session. */
const sessionOnly = sessionRead('session_lookup', {}, () => null)

/** GET /api/auth/session's answer: the player and their balances, read with the session. */
export const sessionAnswerRead = sessionRead(
  'session_lookup_balances',
  { balances: balancesSql(myId) },
  (row) => toSession(row, parseBalances(row.balances)),
)

/** A valid session's player, and what the route read with the session (null when it read nothing). */
export type SignedIn = { player: SessionPlayer; read: unknown }

/**
 * The player behind a session token, or null when the token is unknown or expired, with what
 * the route's `read` reads beside them at the game's instant `now` (null: the lookup alone). Read from the database at every request,
 * never from a cache: a logout on any server is seen by all at once.
 */
export async function resolveSession(
  db: Db,
  token: string,
  read: SessionRead<unknown> | null,
  now: Date,
): Promise<SignedIn | null> {
  const tokenHash = hashSessionToken(token)
  const lookup = read ?? sessionOnly
  const [row] = await lookup.statement(db).execute({ tokenHash, ...lookup.params(now) })
  if (!row) return null
  const at = Date.now()
  const idleFor = at - row.lastSeenAt.getTime()
  if (at >= row.expiresAt.getTime() || idleFor >= SESSION_IDLE_MS) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash))
    return null
  }
  if (idleFor >= SESSION_TOUCH_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(at) })
      .where(eq(sessions.tokenHash, tokenHash))
  }
  const { id, name, email, code, termsAgree, rankIndex, parentId } = row
  return {
    player: { id, name, email, code, termsAgree, rankIndex, parentId },
    read: lookup.read(row),
  }
}

/**
 * When the session with this token hash ends unless it is used meanwhile (its absolute expiry or
 * its idle limit, whichever comes first), in ms since the epoch; null when it has ended. The live
 * streams read it to close at the session's end.
 */
export async function sessionEndsAt(db: Db, tokenHash: string): Promise<number | null> {
  const [row] = await db
    .select({ lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.tokenHash, tokenHash))
  if (!row) return null
  return Math.min(row.expiresAt.getTime(), row.lastSeenAt.getTime() + SESSION_IDLE_MS)
}

/**
 * Ends a session server-side: the token stops working at once, wherever it was copied to, and the
 * live streams of that session, on any server, close.
 */
export async function logOut(db: Db, token: string): Promise<void> {
  const tokenHash = hashSessionToken(token)
  await inTransaction(db, async (tx) => {
    await tx.delete(sessions).where(eq(sessions.tokenHash, tokenHash))
    queueSessionEnded(tx, tokenHash)
  })
}

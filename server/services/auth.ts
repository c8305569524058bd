import { createHash, randomBytes, randomInt } from 'node:crypto'
import { and, count, eq, gte, lt, or } from 'drizzle-orm'
import type { ParentCode, Session, SignupBody, SignupResult } from '../../contract/auth'
import { apiMessages } from '../../contract/messages'
import type { Db } from '../db/client'
import { loginFailures, sessions, users } from '../db/schema'
import { isUniqueViolation } from './db-errors'
import { DomainError, fieldError } from './errors'
import { openPlayerAccounts, transfer } from './ledger'
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords'
import { REFERRAL_REWARD_GEMS, WELCOME_TERYCARBONS } from './rules'

const HOUR = 60 * 60 * 1000
const MINUTE = 60 * 1000
/** A session ends after this long without use... */
export const SESSION_IDLE_MS = 7 * 24 * HOUR
/** ...and in any case this long after login. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * HOUR
/** How often a used session's last-seen time is written (not at every request). */
const SESSION_TOUCH_MS = HOUR

export const LOGIN_WINDOW_MS = 15 * MINUTE
export const MAX_FAILURES_PER_ACCOUNT = 5
export const MAX_FAILURES_PER_IP = 20

/** Invite codes: 8 characters without the look-alikes 0/O, 1/I/L. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const CODE_LENGTH = 8

export type UserRow = typeof users.$inferSelect

const unknownParentCode = () => fieldError(400, 'parentCode', apiMessages.unknownParentCode)
const emailTaken = () => fieldError(409, 'email', apiMessages.emailTaken)

export function generateInviteCode(): string {
  let code = ''
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]
  return code
}

/** What GET /api/auth/session and POST /api/auth/login answer about the signed-in player. */
export function toSession(user: UserRow): Session {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    code: user.code,
    termsAgree: user.termsAgree,
    rankIndex: user.rankIndex,
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

type NewPlayer = Omit<SignupBody, 'password'> & { passwordHash: string; code?: string }

/**
 * Inserts a player with their four accounts and pays the welcome and referral rewards, all in one
 * transaction. Used by signup and by the demo seed (which passes a fixed code and a shared hash).
 */
export async function createPlayer(db: Db, input: NewPlayer): Promise<UserRow> {
  const parentCode = input.parentCode.toUpperCase()
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        const [parent] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.code, parentCode))
          .limit(1)
        if (!parent) throw unknownParentCode()
        const [user] = await tx
          .insert(users)
          .values({
            email: input.email.toLowerCase(),
            name: input.name,
            phone: input.phone,
            passwordHash: input.passwordHash,
            code: input.code ?? generateInviteCode(),
            parentId: parent.id,
          })
          .returning()
        if (!user) throw new Error('The new player was not written')
        await openPlayerAccounts(tx, user.id)
        await transfer(tx, {
          currency: 'terycarbons',
          from: { system: 'supply' },
          to: { userId: user.id },
          amount: WELCOME_TERYCARBONS,
          kind: 'welcome',
          idempotencyKey: `welcome:${user.id}`,
        })
        await transfer(tx, {
          currency: 'gems',
          from: { system: 'supply' },
          to: { userId: parent.id },
          amount: REFERRAL_REWARD_GEMS,
          kind: 'referral',
          idempotencyKey: `referral:${user.id}`,
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

/** POST /api/auth/signup: a new player under a parent code. Does not log in. */
export async function signUp(db: Db, body: SignupBody): Promise<SignupResult> {
  const email = body.email.toLowerCase()
  if (!(await findParentByCode(db, body.parentCode))) throw unknownParentCode()
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (taken) throw emailTaken()
  const passwordHash = await hashPassword(body.password)
  const user = await createPlayer(db, { ...body, email, passwordHash })
  return { email: user.email, code: user.code }
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export type IssuedSession = { token: string; expiresAt: Date; user: UserRow }

async function createSession(db: Db, user: UserRow): Promise<IssuedSession> {
  // 256 random bits; only their SHA-256 reaches the database.
  const token = randomBytes(32).toString('base64url')
  const now = new Date()
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS)
  // Sessions that ran out are only deleted when presented; sweep this player's at each login.
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, user.id),
        or(
          lt(sessions.expiresAt, now),
          lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
        ),
      ),
    )
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: user.id,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  })
  return { token, expiresAt, user }
}

async function isRateLimited(db: Db, email: string, ip: string): Promise<boolean> {
  const since = new Date(Date.now() - LOGIN_WINDOW_MS)
  const [byAccount] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gte(loginFailures.createdAt, since)))
  if ((byAccount?.n ?? 0) >= MAX_FAILURES_PER_ACCOUNT) return true
  const [byIp] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), gte(loginFailures.createdAt, since)))
  return (byIp?.n ?? 0) >= MAX_FAILURES_PER_IP
}

/**
 * POST /api/auth/login. Unknown emails cost the same hashing work and get the same answer as a
 * wrong password. Every failure is recorded; too many per account or per IP in the window locks
 * further attempts out until they age. A success issues a brand-new token and drops the session
 * the browser came with, if any.
 */
export async function logIn(
  db: Db,
  input: { email: string; password: string; ip: string; previousToken: string | null },
): Promise<IssuedSession> {
  const email = input.email.toLowerCase()
  if (await isRateLimited(db, email, input.ip)) {
    throw new DomainError(429, apiMessages.tooManyAttempts)
  }

  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1)
  const valid = user
    ? await verifyPassword(input.password, user.passwordHash)
    : await verifyAgainstDummy(input.password)

  if (!user || !valid) {
    const cutoff = new Date(Date.now() - LOGIN_WINDOW_MS)
    await db
      .delete(loginFailures)
      .where(
        and(
          lt(loginFailures.createdAt, cutoff),
          or(eq(loginFailures.email, email), eq(loginFailures.ip, input.ip)),
        ),
      )
    await db.insert(loginFailures).values({ email, ip: input.ip })
    throw new DomainError(401, apiMessages.invalidCredentials)
  }

  await db.delete(loginFailures).where(eq(loginFailures.email, email))
  if (input.previousToken) await logOut(db, input.previousToken)
  return createSession(db, user)
}

/** The player behind a session token, or null when the token is unknown or expired. */
export async function resolveSession(db: Db, token: string): Promise<UserRow | null> {
  const tokenHash = hashToken(token)
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1)
  if (!row) return null
  const now = Date.now()
  const idleFor = now - row.session.lastSeenAt.getTime()
  if (now >= row.session.expiresAt.getTime() || idleFor >= SESSION_IDLE_MS) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash))
    return null
  }
  if (idleFor >= SESSION_TOUCH_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.tokenHash, tokenHash))
  }
  return row.user
}

/** Ends a session server-side: the token stops working at once, wherever it was copied to. */
export async function logOut(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)))
}

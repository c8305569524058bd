import { and, asc, eq, lte } from 'drizzle-orm'
import {
  normalizeSocialAccount,
  socialNetwork,
  SOCIAL_ACCOUNT_STATES,
  type RegisterAccountBody,
  type SocialAccount,
  type SocialAccountState,
  type SocialNetworkType,
  missionMessages,
} from '../../contract/missions'
import type { Db, Tx } from '../db/client'
import { socialAccounts, users } from '../db/schema'
import { DomainError, fieldError } from './errors'
import { notify } from './notifications'
import { inTransaction } from './atomic'

const { PENDING_TO_CHECK, VERIFIED, REJECTED } = SOCIAL_ACCOUNT_STATES

type AccountRow = typeof socialAccounts.$inferSelect

function toAccount(row: AccountRow): SocialAccount {
  return {
    id: row.id,
    type: row.network as SocialNetworkType,
    account: row.handle,
    state: row.state as SocialAccountState,
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt.toISOString(),
  }
}

const verifiedMessage = (row: AccountRow) =>
  `Tu cuenta de ${socialNetwork(row.network as SocialNetworkType).name} ${row.handle} fue verificada. Ya puedes tomar sus misiones.`

/**
 * Verifies the player's pending accounts whose demo delay has passed (SEED=demo sets
 * `auto_verify_at`): computed from timestamps whenever the player's accounts are read, so no
 * timer runs in the server. One conditional update: a row is verified, and notified, once.
 */
export async function settleAutoVerifications(tx: Tx, userId: string, now: Date): Promise<void> {
  const verified = await tx
    .update(socialAccounts)
    .set({ state: VERIFIED, reviewedAt: now })
    .where(
      and(
        eq(socialAccounts.userId, userId),
        eq(socialAccounts.state, PENDING_TO_CHECK),
        lte(socialAccounts.autoVerifyAt, now),
      ),
    )
    .returning()
  for (const row of verified) await notify(tx, userId, verifiedMessage(row))
}

/** GET /api/mission/account: the player's accounts, one per network at most. */
export async function listAccounts(db: Db, userId: string, now: Date): Promise<SocialAccount[]> {
  return inTransaction(db, async (tx) => {
    await settleAutoVerifications(tx, userId, now)
    const rows = await tx
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, userId))
      .orderBy(asc(socialAccounts.network))
    return rows.map(toAccount)
  })
}

/**
 * POST /api/mission/account: registers the player's account on a network, pending (2) until an
 * operator (or, with SEED=demo, the demo delay) verifies it. One account per network per player;
 * a handle belongs to one player. A rejected account is replaced by the new one.
 */
export async function registerAccount(
  db: Db,
  userId: string,
  body: RegisterAccountBody,
  options: { now: Date; autoVerifyAfterMs: number | null },
): Promise<SocialAccount> {
  const handle = normalizeSocialAccount(body.type, body.account)
  if (handle === null) throw fieldError(400, 'account', socialNetwork(body.type).message)
  const { now, autoVerifyAfterMs } = options
  return inTransaction(db, async (tx) => {
    await tx
      .delete(socialAccounts)
      .where(
        and(
          eq(socialAccounts.userId, userId),
          eq(socialAccounts.network, body.type),
          eq(socialAccounts.state, REJECTED),
        ),
      )
    // Both unique keys (player and network; network and handle) decide here, whoever races.
    const [created] = await tx
      .insert(socialAccounts)
      .values({
        userId,
        network: body.type,
        handle,
        state: PENDING_TO_CHECK,
        createdAt: now,
        autoVerifyAt:
          autoVerifyAfterMs === null ? null : new Date(now.getTime() + autoVerifyAfterMs),
      })
      .onConflictDoNothing()
      .returning()
    if (created) return toAccount(created)
    const [own] = await tx
      .select({ id: socialAccounts.id })
      .from(socialAccounts)
      .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.network, body.type)))
    if (own) throw new DomainError(409, missionMessages.accountExists)
    throw fieldError(409, 'account', missionMessages.accountTaken)
  })
}

/** Whether the player has a verified account on the network (after settling the demo delay). */
export async function hasVerifiedAccount(
  tx: Tx,
  userId: string,
  network: SocialNetworkType,
  now: Date,
): Promise<AccountRow | null> {
  await settleAutoVerifications(tx, userId, now)
  const [row] = await tx
    .select()
    .from(socialAccounts)
    .where(
      and(
        eq(socialAccounts.userId, userId),
        eq(socialAccounts.network, network),
        eq(socialAccounts.state, VERIFIED),
      ),
    )
  return row ?? null
}

/** A pending account, as the operator lists it. */
export type PendingAccount = {
  id: string
  email: string
  network: string
  account: string
  createdAt: Date
}

/** The accounts waiting for an operator, oldest first (`npm run admin -- pending-accounts`). */
export async function listPendingAccounts(db: Db): Promise<PendingAccount[]> {
  const rows = await db
    .select({
      id: socialAccounts.id,
      email: users.email,
      network: socialAccounts.network,
      account: socialAccounts.handle,
      createdAt: socialAccounts.createdAt,
    })
    .from(socialAccounts)
    .innerJoin(users, eq(users.id, socialAccounts.userId))
    .where(eq(socialAccounts.state, PENDING_TO_CHECK))
    .orderBy(asc(socialAccounts.createdAt))
  return rows.map((row) => ({
    ...row,
    network: socialNetwork(row.network as SocialNetworkType).name,
  }))
}

/** An operator's verdict on a pending account; the reason of a rejection is shown to the player. */
export type AccountReview = { verdict: 'verify' } | { verdict: 'reject'; reason: string }

/**
 * `npm run admin -- verify-account <id>` / `reject-account <id> "<reason>"`: decides a pending
 * account (a conditional update: only a pending one, once) and tells the player.
 */
export async function reviewAccount(
  db: Db,
  accountId: string,
  review: AccountReview,
  now: Date,
): Promise<SocialAccount> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(socialAccounts)
      .set(
        review.verdict === 'verify'
          ? { state: VERIFIED, reviewedAt: now }
          : { state: REJECTED, rejectionReason: review.reason, reviewedAt: now },
      )
      .where(and(eq(socialAccounts.id, accountId), eq(socialAccounts.state, PENDING_TO_CHECK)))
      .returning()
    if (!row) throw new DomainError(409, 'The account does not exist or is not pending')
    const name = socialNetwork(row.network as SocialNetworkType).name
    await notify(
      tx,
      row.userId,
      review.verdict === 'verify'
        ? verifiedMessage(row)
        : `Tu cuenta de ${name} ${row.handle} fue rechazada: ${review.reason}`,
    )
    return toAccount(row)
  })
}

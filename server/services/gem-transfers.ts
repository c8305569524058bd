import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type {
  GemHistoryPage,
  GemTransfer,
  GemTransferResult,
  Inventory,
  SendGemsBody,
} from '../../contract/market'
import type { NewWelcomeMessage } from '../../contract/inbox'
import type { PlayerRef } from '../../contract/user'
import { instantSql, selectRows, type Db, type Tx } from '../db/client'
import {
  batteryHoldings,
  gemTransfers,
  playerMessages,
  terycarbonBatteries,
  users,
} from '../db/schema'
import { DomainError } from './errors'
import { spend } from './funds'
import {
  balancesAfterMoves,
  getBalances,
  heldAccounts,
  lockedAccountsSql,
  lockPlayerAccounts,
  transfer,
  type HeldAccount,
} from './ledger'
import { addMessages, announceMessage, type MessageFor } from './messages'
import { matchedRows, pageOf, totalOf } from './pages'
import { GEM_TRANSFER_RULES } from './rules'
import { economyMessages } from '../../contract/economy-messages'
import { inTransaction } from './atomic'

/*
 * Gems sent to another player by their code. Small amounts arrive at once (sent); from
 * `holdFrom` gems on, the gems wait in the 'gem-transfers' system account for `holdHours`
 * (pending), so a player who was tricked into sending a fortune has a day to ask support. Held
 * transfers are released by the hourly job `release-gem-transfers`: one conditional update moves
 * every due transfer from pending to sent, and only the rows it changed are paid.
 */

type TransferRow = typeof gemTransfers.$inferSelect

const HOUR_MS = 60 * 60 * 1000

/**
 * GET /api/user/search?code: the player a code belongs to, so the sender sees who will receive
 * the gems. Unknown codes are 404; the player's own code is 400 (nobody sends gems to themselves).
 */
export async function findRecipient(db: Db, userId: string, code: string) {
  const [row] = await db
    .select({ id: users.id, code: users.code, name: users.name })
    .from(users)
    .where(eq(users.code, code.toUpperCase()))
  if (!row) throw new DomainError(404, economyMessages.unknownPlayerCode)
  if (row.id === userId) throw new DomainError(400, economyMessages.selfTransfer)
  return row
}

function toTransfer(row: TransferRow, userId: string, counterpart: PlayerRef): GemTransfer {
  return {
    id: row.id,
    direction: row.fromUserId === userId ? 'sent' : 'received',
    counterpart,
    amount: row.amount,
    state: row.state as GemTransfer['state'],
    releaseAt: row.releaseAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }
}

/** The recipient's message: its kind, and its dedupe key, this and the transfer's id (one each). */
const GEMS_RECEIVED = 'gemsReceived' satisfies NewWelcomeMessage['kind']
const MESSAGE_KEY_PREFIX = 'gem-transfer:'

/**
 * The transfer's record, written by the sender's code for the recipient in one statement that
 * also reads who the recipient is, locks both players' accounts for the movement (the ledger's
 * lock, lockedAccountsSql) and, when the gems arrive at once, adds the recipient's message
 * (tellRecipients' message, with the sender's name). An unknown code is 404 and the player's own
 * is 400, as findRecipient() says (the statement wrote nothing).
 */
async function recordTransfer(
  tx: Tx,
  userId: string,
  { code, amount }: SendGemsBody,
  now: Date,
): Promise<{ row: TransferRow; recipient: PlayerRef; held: HeldAccount[] }> {
  const waits = amount >= GEM_TRANSFER_RULES.holdFrom
  const releaseAt = waits ? new Date(now.getTime() + GEM_TRANSFER_RULES.holdHours * HOUR_MS) : null
  const state = waits ? 'pending' : 'sent'
  const [found] = await selectRows<{
    recipientId: string
    code: string
    name: string
    id: string | null
    told: boolean
    held: string
  }>(
    tx,
    sql`with recipient as (select ${users.id}, ${users.code}, ${users.name} from ${users} where ${users.code} = ${code.toUpperCase()}),
        added as (
          insert into ${gemTransfers} (from_user_id, to_user_id, amount, state, release_at, created_at)
          select ${userId}::uuid, recipient.id, ${amount}::bigint, ${state}::text,
                 ${releaseAt ? instantSql(releaseAt) : sql`null::timestamptz`}, ${instantSql(now)}
          from recipient where recipient.id <> ${userId}::uuid
          returning id, to_user_id, state),
        told as (
          insert into ${playerMessages} (user_id, kind, payload, dedupe_key, created_at)
          select added.to_user_id, ${GEMS_RECEIVED}::text,
                 jsonb_build_object('amount', ${amount}::bigint, 'fromName', sender.name),
                 ${MESSAGE_KEY_PREFIX} || added.id::text, ${instantSql(now)}
          from added, ${users} sender where added.state = 'sent' and sender.id = ${userId}::uuid
          on conflict do nothing
          returning user_id)
        select recipient.id as "recipientId", recipient.code, recipient.name, added.id::text as id,
               exists (select from told) as told,
               ${lockedAccountsSql(sql`${userId}::uuid, recipient.id`)} as held
        from recipient left join added on true`,
  )
  if (!found?.id) {
    await findRecipient(tx, userId, code)
    throw new Error('The transfer was not written')
  }
  if (found.told) announceMessage(tx, found.recipientId, GEMS_RECEIVED)
  return {
    row: {
      id: Number(found.id),
      fromUserId: userId,
      toUserId: found.recipientId,
      amount,
      state,
      releaseAt,
      createdAt: now,
    },
    recipient: { code: found.code, name: found.name },
    held: heldAccounts(found.held),
  }
}

/**
 * POST /api/inventory/send/gems: the sender's gems go to the recipient (or to the held account
 * until the release), in one transaction with the transfer's record; a balance too small is 400
 * and nothing is written. Concurrent sends from one player queue on the sender's account row.
 */
export async function sendGems(
  db: Db,
  userId: string,
  body: SendGemsBody,
  now: Date,
): Promise<GemTransferResult> {
  return inTransaction(db, async (tx) => {
    const { row, recipient, held } = await recordTransfer(tx, userId, body, now)
    await spend(
      tx,
      {
        at: now,
        currency: 'gems',
        from: { userId },
        to: row.state === 'pending' ? { system: 'gem-transfers' } : { userId: row.toUserId },
        amount: row.amount,
        kind: 'gems.transfer',
        cause: { transferId: row.id, toUserId: row.toUserId },
        idempotencyKey: `gem-transfer:${row.id}:send`,
      },
      held,
    )
    return {
      transfer: toTransfer(row, userId, recipient),
      balances: await balancesAfterMoves(tx, userId),
    }
  })
}

/**
 * Releases every held transfer whose time has come, inside the job's transaction: the one
 * conditional update that moves them from pending to sent says which to pay, so a transfer is
 * never paid twice whoever else runs this at the same moment.
 */
export async function releaseDueTransfers(tx: Tx, now: Date): Promise<number> {
  const released = await tx
    .update(gemTransfers)
    .set({ state: 'sent' })
    .where(and(eq(gemTransfers.state, 'pending'), lte(gemTransfers.releaseAt, now)))
    .returning()
  // Every recipient at once, in id order: paid in turn, one could be held while waiting for another.
  await lockPlayerAccounts(
    tx,
    released.map((row) => row.toUserId),
  )
  for (const row of released) {
    await transfer(tx, {
      at: now,
      currency: 'gems',
      from: { system: 'gem-transfers' },
      to: { userId: row.toUserId },
      amount: row.amount,
      kind: 'gems.transfer',
      cause: { transferId: row.id, fromUserId: row.fromUserId },
      idempotencyKey: `gem-transfer:${row.id}:release`,
    })
  }
  await tellRecipients(tx, released, now)
  return released.length
}

/**
 * The recipients' "gems received" welcome message, written when the gems reach them (at once, or
 * when a held transfer is released), in the same transaction: once per transfer.
 */
async function tellRecipients(tx: Tx, arrived: readonly TransferRow[], at: Date): Promise<void> {
  if (arrived.length === 0) return
  const nameOf = new Map(
    (
      await tx
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(inArray(users.id, [...new Set(arrived.map((row) => row.fromUserId))]))
    ).map((sender) => [sender.id, sender.name]),
  )
  const messages: MessageFor[] = arrived.map((row) => ({
    userId: row.toUserId,
    message: {
      kind: GEMS_RECEIVED,
      payload: { amount: row.amount, fromName: nameOf.get(row.fromUserId) ?? '' },
    },
    dedupeKey: `${MESSAGE_KEY_PREFIX}${row.id}`,
    at,
  }))
  await addMessages(tx, messages)
}

/** GET /api/user/gem/history?page: the player's transfers, sent and received, newest first. */
export async function listGemHistory(
  db: Db,
  userId: string,
  page: number,
): Promise<GemHistoryPage> {
  const where = or(eq(gemTransfers.fromUserId, userId), eq(gemTransfers.toUserId, userId))
  const { offset, limit, pagination } = pageOf(page, GEM_TRANSFER_RULES.pageSize)
  const other = alias(users, 'other')
  const rows = await db
    .select({
      transfer: gemTransfers,
      other: { code: other.code, name: other.name },
      total: matchedRows(),
    })
    .from(gemTransfers)
    .innerJoin(
      other,
      sql`${other.id} = case when ${gemTransfers.fromUserId} = ${userId} then ${gemTransfers.toUserId} else ${gemTransfers.fromUserId} end`,
    )
    .where(where)
    .orderBy(desc(gemTransfers.createdAt), desc(gemTransfers.id))
    .limit(limit)
    .offset(offset)
  const total = await totalOf(rows, page, () => db.$count(gemTransfers, where))
  return {
    items: rows.map((row) => toTransfer(row.transfer, userId, row.other)),
    pagination: pagination(total),
  }
}

/**
 * GET /api/inventory/{id}: what the player holds. The inventory is named by the player's id, and
 * only its owner may read it (another player's is answered as not found).
 */
export async function getInventory(
  db: Db,
  userId: string,
  inventoryId: string,
): Promise<Inventory> {
  if (inventoryId !== userId) throw new DomainError(404, economyMessages.inventoryNotFound)
  const [holding] = await db
    .select({ batteries: batteryHoldings.batteries })
    .from(batteryHoldings)
    .where(eq(batteryHoldings.userId, userId))
  const [terycarbon] = await db
    .select({ completedAt: terycarbonBatteries.completedAt })
    .from(terycarbonBatteries)
    .where(eq(terycarbonBatteries.userId, userId))
  const onTheWay = await db
    .select({
      outgoing: sql<string>`coalesce(sum(${gemTransfers.amount}) filter (where ${gemTransfers.fromUserId} = ${userId}), 0)::text`,
      incoming: sql<string>`coalesce(sum(${gemTransfers.amount}) filter (where ${gemTransfers.toUserId} = ${userId}), 0)::text`,
    })
    .from(gemTransfers)
    .where(
      and(
        eq(gemTransfers.state, 'pending'),
        or(eq(gemTransfers.fromUserId, userId), eq(gemTransfers.toUserId, userId)),
      ),
    )
  return {
    id: userId,
    balances: await getBalances(db, userId),
    batteries: holding?.batteries ?? 0,
    terycarbonBatteryActive: terycarbon?.completedAt != null,
    gemsOnTheWay: {
      outgoing: Number(onTheWay[0]?.outgoing ?? 0),
      incoming: Number(onTheWay[0]?.incoming ?? 0),
    },
  }
}

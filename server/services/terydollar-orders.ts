import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import type { PaymentMethod } from '../../contract/payments'
import {
  orderPayment,
  type CurrentOrder,
  type OrderBody,
  type TerydollarOrder,
} from '../../contract/terydollar'
import type { Db, Tx } from '../db/client'
import { queueLiveEvent } from '../db/live-outbox'
import { playerMessages, terydollarOrders } from '../db/schema'
import { claimOnce, inTransaction } from './atomic'
import { isUniqueViolation } from './db-errors'
import { DomainError } from './errors'
import { newFileKey, type FileStore } from './file-store'
import type { Upload } from '../http/upload'
import { getBalances, transfer } from './ledger'
import { addMessage } from './messages'
import { PAYMENT_DESTINATIONS, TERYDOLLAR_RULES } from './rules'
import { economyMessages } from '../../contract/economy-messages'

/*
 * Terydollars bought with money: the player orders an amount with a payment method, pays outside
 * the game and sends the voucher (an image); an operator approves the order, which credits the
 * terydollars from the supply exactly once (the state change is the guard and the ledger key
 * `terydollar-order:<id>` backs it), or rejects it with a reason. A player has one open order at
 * a time (a partial unique index). The review writes, in its transaction, an inbox message that
 * tells the outcome; until the player acknowledges it, the order's card tells it too.
 */

type OrderRow = typeof terydollarOrders.$inferSelect

const OPEN_STATES = ['awaitingVoucher', 'voucherSent'] as const

/** The dedupe key of the inbox message that tells an order's outcome: one message per order. */
const OUTCOME_KEY_PREFIX = 'terydollar-order-outcome:'

export function toOrder(row: OrderRow, outcomeMessageId: string | null = null): TerydollarOrder {
  return {
    id: row.id,
    method: row.method as PaymentMethod,
    amount: row.amount,
    pay: { amount: row.payAmount, currency: row.payCurrency as 'USD' | 'COP' },
    payTo: { ...PAYMENT_DESTINATIONS[row.method as PaymentMethod] },
    state: row.state as TerydollarOrder['state'],
    createdAt: row.createdAt.toISOString(),
    voucherSentAt: row.voucherSentAt?.toISOString() ?? null,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
    outcomeMessageId,
  }
}

/** Tells the player, in their inbox, how the review of their order went. */
function tellOutcome(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  return addMessage(
    tx,
    order.userId,
    {
      kind: 'terydollarOrder',
      payload: {
        orderId: order.id,
        amount: order.amount,
        outcome: order.state === 'approved' ? 'approved' : 'rejected',
        reason: order.rejectionReason,
      },
    },
    { dedupeKey: `${OUTCOME_KEY_PREFIX}${order.id}`, at: now },
  )
}

/** POST /api/terydollar and /other: a new order, waiting for its voucher. */
export async function createOrder(
  db: Db,
  userId: string,
  { method, amount }: OrderBody,
  now: Date,
): Promise<TerydollarOrder> {
  const pay = orderPayment(TERYDOLLAR_RULES, method, amount)
  try {
    const [row] = await db
      .insert(terydollarOrders)
      .values({
        userId,
        method,
        amount,
        payAmount: pay.amount,
        payCurrency: pay.currency,
        createdAt: now,
      })
      .returning()
    if (!row) throw new Error('The order was not written')
    return toOrder(row)
  } catch (error) {
    if (isUniqueViolation(error, 'terydollar_orders_one_open')) {
      throw new DomainError(409, economyMessages.orderOpen)
    }
    throw error
  }
}

/**
 * GET /api/terydollar: the player's latest order (null before the first), with the unread message
 * that tells its outcome if there is one, and the balances.
 */
export async function getCurrentOrder(db: Db, userId: string): Promise<CurrentOrder> {
  const [row] = await db
    .select({ order: terydollarOrders, outcomeMessageId: playerMessages.id })
    .from(terydollarOrders)
    .leftJoin(
      playerMessages,
      and(
        eq(playerMessages.userId, terydollarOrders.userId),
        eq(playerMessages.dedupeKey, sql`${OUTCOME_KEY_PREFIX} || ${terydollarOrders.id}::text`),
        isNull(playerMessages.readAt),
      ),
    )
    .where(eq(terydollarOrders.userId, userId))
    .orderBy(desc(terydollarOrders.createdAt), desc(terydollarOrders.id))
    .limit(1)
  return {
    order: row ? toOrder(row.order, row.outcomeMessageId) : null,
    balances: await getBalances(db, userId),
  }
}

/**
 * POST /api/terydollar/sendOrderVoucher: keeps the voucher and marks the order as waiting for
 * review. A voucher sent again before the review replaces the first. Another player's order is
 * answered as not found; a reviewed one is closed.
 */
export async function sendVoucher(
  db: Db,
  files: FileStore,
  userId: string,
  orderId: number,
  upload: Upload,
  now: Date,
): Promise<TerydollarOrder> {
  const key = newFileKey('vouchers', String(orderId), upload.type)
  await files.put(key, { bytes: upload.bytes, type: upload.type })
  try {
    const { order, replaced } = await inTransaction(db, async (tx) => {
      const [current] = await tx
        .select()
        .from(terydollarOrders)
        .where(and(eq(terydollarOrders.id, orderId), eq(terydollarOrders.userId, userId)))
        .for('update')
      if (!current) throw new DomainError(404, economyMessages.orderNotFound)
      if (!(OPEN_STATES as readonly string[]).includes(current.state)) {
        throw new DomainError(409, economyMessages.orderClosed)
      }
      const [row] = await tx
        .update(terydollarOrders)
        .set({
          state: 'voucherSent',
          voucherKey: key,
          voucherType: upload.type,
          voucherBytes: upload.bytes.length,
          voucherSentAt: now,
        })
        .where(eq(terydollarOrders.id, orderId))
        .returning()
      if (!row) throw new Error(`Order ${orderId} vanished under its lock`)
      return { order: toOrder(row), replaced: current.voucherKey }
    })
    if (replaced) await files.remove(replaced)
    return order
  } catch (error) {
    await files.remove(key)
    throw error
  }
}

/** Why an operator's review was refused, in the operator's words. */
export class ReviewError extends Error {
  override name = 'ReviewError'
}

async function explainRefusal(tx: Tx, orderId: number, wanted: string): Promise<never> {
  const [row] = await tx
    .select({ state: terydollarOrders.state })
    .from(terydollarOrders)
    .where(eq(terydollarOrders.id, orderId))
  if (!row) throw new ReviewError(`Order ${orderId} does not exist`)
  throw new ReviewError(
    `Order ${orderId} is ${row.state}; only ${wanted} orders can be reviewed so`,
  )
}

/**
 * Approves an order whose voucher was sent, inside the caller's transaction: the state change
 * wins once (a second approval, even at the same moment, finds no 'voucherSent' row) and the
 * terydollars are credited from the supply in the same transaction.
 */
export async function approveOrderIn(tx: Tx, orderId: number, now: Date): Promise<OrderRow> {
  const order = await claimOnce(
    tx
      .update(terydollarOrders)
      .set({ state: 'approved', reviewedAt: now })
      .where(and(eq(terydollarOrders.id, orderId), eq(terydollarOrders.state, 'voucherSent')))
      .returning(),
  )
  if (!order) return explainRefusal(tx, orderId, 'voucherSent')
  await transfer(tx, {
    at: now,
    currency: 'terydollars',
    from: { system: 'supply' },
    to: { userId: order.userId },
    amount: order.amount,
    kind: 'terydollar.order',
    cause: { orderId: order.id, method: order.method },
    idempotencyKey: `terydollar-order:${order.id}`,
  })
  await tellOutcome(tx, order, now)
  announceReview(tx, order)
  return order
}

/** Live: the player's battery card shows the operator's decision without a reload. */
function announceReview(tx: Tx, order: OrderRow): void {
  const state = order.state === 'approved' ? 'approved' : 'rejected'
  queueLiveEvent(tx, order.userId, { type: 'order.reviewed', data: { orderId: order.id, state } })
}

/** `npm run admin -- approve-order <id>` */
export function approveOrder(db: Db, orderId: number, now: Date): Promise<OrderRow> {
  return inTransaction(db, (tx) => approveOrderIn(tx, orderId, now))
}

/** `npm run admin -- reject-order <id> "<reason>"`: an open order, with the reason the player reads. */
export async function rejectOrder(
  db: Db,
  orderId: number,
  reason: string,
  now: Date,
): Promise<OrderRow> {
  return inTransaction(db, async (tx) => {
    const order = await claimOnce(
      tx
        .update(terydollarOrders)
        .set({ state: 'rejected', reviewedAt: now, rejectionReason: reason })
        .where(
          and(eq(terydollarOrders.id, orderId), inArray(terydollarOrders.state, [...OPEN_STATES])),
        )
        .returning(),
    )
    if (!order) return explainRefusal(tx, orderId, 'open')
    await tellOutcome(tx, order, now)
    announceReview(tx, order)
    return order
  })
}

/** Open orders for the operator, oldest first: those with a voucher to review come first. */
export async function listOpenOrders(db: Db): Promise<OrderRow[]> {
  return db
    .select()
    .from(terydollarOrders)
    .where(inArray(terydollarOrders.state, [...OPEN_STATES]))
    .orderBy(desc(terydollarOrders.state), asc(terydollarOrders.createdAt))
}

export async function findOrder(db: Db, orderId: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(terydollarOrders).where(eq(terydollarOrders.id, orderId))
  return row ?? null
}

/**
 * The demo's operator (SEED=demo): approves every order whose voucher has waited `delayMs`, in the
 * job's transaction. Returns how many it approved.
 */
export async function approveWaitingOrders(tx: Tx, now: Date, delayMs: number): Promise<number> {
  const due = await tx
    .select({ id: terydollarOrders.id })
    .from(terydollarOrders)
    .where(
      and(
        eq(terydollarOrders.state, 'voucherSent'),
        lte(terydollarOrders.voucherSentAt, new Date(now.getTime() - delayMs)),
      ),
    )
  let approved = 0
  for (const { id } of due) {
    try {
      await approveOrderIn(tx, id, now)
      approved += 1
    } catch (error) {
      // An operator reviewed it in between: theirs is the decision.
      if (!(error instanceof ReviewError)) throw error
    }
  }
  return approved
}

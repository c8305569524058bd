import { and, count, desc, eq, inArray } from 'drizzle-orm'
import type { Currency } from '../../contract/currencies'
import {
  PAYOUT_KINDS,
  type PayoutDetail,
  type PayoutSummary,
  miningMessages,
} from '../../contract/mining'
import type { Paginated } from '../../contract/pagination'
import type { Db } from '../db/client'
import { accounts, ledgerTransfers } from '../db/schema'
import { DomainError } from './errors'
import { pageOf } from './pages'
import { LIST_PAGE_SIZE } from './rules'

/*
 * Payouts are ledger credits, read back as the ledger recorded them: the amount, the kind and the
 * `cause` written with the transfer (which station, generation or rank, and the numbers it was
 * computed from). Nothing is recomputed, so an explanation never drifts from what was paid.
 */

const credits = () =>
  ({
    id: ledgerTransfers.id,
    kind: ledgerTransfers.kind,
    currency: ledgerTransfers.currency,
    amount: ledgerTransfers.amount,
    createdAt: ledgerTransfers.createdAt,
    cause: ledgerTransfers.cause,
  }) as const

type CreditRow = {
  id: number
  kind: string
  currency: string
  amount: number
  createdAt: Date
}

function toSummary(row: CreditRow): PayoutSummary {
  return {
    id: String(row.id),
    kind: row.kind,
    currency: row.currency as Currency,
    amount: Number(row.amount),
    createdAt: row.createdAt.toISOString(),
  }
}

/** GET /api/node/payouts: what the mine, the team bonus and the ranks paid, newest first. */
export async function listPayouts(
  db: Db,
  userId: string,
  page: number,
): Promise<Paginated<PayoutSummary>> {
  const where = and(eq(accounts.userId, userId), inArray(ledgerTransfers.kind, [...PAYOUT_KINDS]))
  const { offset, limit, paged } = pageOf(page, LIST_PAGE_SIZE)
  const rows = await db
    .select(credits())
    .from(ledgerTransfers)
    .innerJoin(accounts, eq(accounts.id, ledgerTransfers.toAccountId))
    .where(where)
    .orderBy(desc(ledgerTransfers.createdAt), desc(ledgerTransfers.id))
    .limit(limit)
    .offset(offset)
  const [total] = await db
    .select({ n: count() })
    .from(ledgerTransfers)
    .innerJoin(accounts, eq(accounts.id, ledgerTransfers.toAccountId))
    .where(where)
  return paged(rows.map(toSummary), total?.n ?? 0)
}

/** GET /api/node/payouts/{id}: any credit to the player, with its cause; 404 for anything else. */
export async function getPayout(db: Db, userId: string, id: number): Promise<PayoutDetail> {
  const [row] = await db
    .select(credits())
    .from(ledgerTransfers)
    .innerJoin(accounts, eq(accounts.id, ledgerTransfers.toAccountId))
    .where(and(eq(ledgerTransfers.id, id), eq(accounts.userId, userId)))
  if (!row) throw new DomainError(404, miningMessages.payoutNotFound)
  return { ...toSummary(row), cause: { ...(row.cause ?? {}) } }
}

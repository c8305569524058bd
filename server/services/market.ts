import { and, asc, desc, eq, lte } from 'drizzle-orm'
import {
  conversionFee,
  type ConversionQuote,
  type ConversionResult,
  type MarketOverview,
  type Payout,
} from '../../contract/market'
import type { PaymentMethod } from '../../contract/payments'
import type { Db, Tx } from '../db/client'
import { marketPayouts } from '../db/schema'
import { claimOnce, inTransaction } from './atomic'
import { DomainError } from './errors'
import { spend } from './funds'
import { getBalances, transfer } from './ledger'
import { MARKET_HISTORY_SIZE, MARKET_RULES } from './rules'
import { findWallet } from './wallets'
import { economyMessages } from '../../contract/economy-messages'

/*
 * The market converts gems to money paid out to the player's wallet of a payment method. The
 * conversion takes the gems at once: the fee to 'market-fees', the rest to 'market-escrow', and
 * records a pending payout. An operator pays the wallet (sent: the escrowed gems return to the
 * supply) or rejects the payout (the gems and the fee go back to the player). The payout's state
 * changes once, by a conditional update, which is what releases the escrow exactly once.
 */

type PayoutRow = typeof marketPayouts.$inferSelect

function toPayout(row: PayoutRow): Payout {
  return {
    id: row.id,
    symbol: row.symbol as PaymentMethod,
    gems: row.gems,
    fee: row.fee,
    valueCents: row.valueCents,
    address: row.address,
    state: row.state as Payout['state'],
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
  }
}

/** What converting `gems` gives: the fee is shown to the player before they act. */
export function quoteConversion(gems: number): ConversionQuote {
  const fee = conversionFee(gems, MARKET_RULES.feePercent)
  const net = gems - fee
  return { gems, fee, net, valueCents: net * MARKET_RULES.centsPerGem }
}

/**
 * GET /api/market/{inventoryId}?symbol&amount: the player's gems, their wallet for the method,
 * the quote for `amount` gems (when asked, and within the rules) and their latest payouts.
 */
export async function getMarketOverview(
  db: Db,
  userId: string,
  symbol: PaymentMethod | null,
  amount: number | null,
): Promise<MarketOverview> {
  const { gems } = await getBalances(db, userId)
  const payouts = await db
    .select()
    .from(marketPayouts)
    .where(eq(marketPayouts.userId, userId))
    .orderBy(desc(marketPayouts.createdAt), desc(marketPayouts.id))
    .limit(MARKET_HISTORY_SIZE)
  return {
    symbol,
    gems,
    wallet: symbol === null ? null : await findWallet(db, userId, symbol),
    quote: symbol === null || amount === null ? null : quoteConversion(amount),
    payouts: payouts.map(toPayout),
  }
}

/** POST /api/market/transfer/{symbol}: converts `gems` and asks for the payout to the wallet. */
export async function convertGems(
  db: Db,
  userId: string,
  symbol: PaymentMethod,
  gems: number,
  now: Date,
): Promise<ConversionResult> {
  const wallet = await findWallet(db, userId, symbol)
  if (!wallet) throw new DomainError(400, economyMessages.noWalletForMethod)
  const quote = quoteConversion(gems)
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(marketPayouts)
      .values({
        userId,
        symbol,
        address: wallet.address,
        gems,
        fee: quote.fee,
        valueCents: quote.valueCents,
        createdAt: now,
      })
      .returning()
    if (!row) throw new Error('The payout was not written')
    const cause = { payoutId: row.id, symbol }
    if (quote.fee > 0) {
      await spend(tx, {
        at: now,
        currency: 'gems',
        from: { userId },
        to: { system: 'market-fees' },
        amount: quote.fee,
        kind: 'market.fee',
        cause,
        idempotencyKey: `market-payout:${row.id}:fee`,
      })
    }
    await spend(tx, {
      at: now,
      currency: 'gems',
      from: { userId },
      to: { system: 'market-escrow' },
      amount: quote.net,
      kind: 'market.convert',
      cause,
      idempotencyKey: `market-payout:${row.id}:escrow`,
    })
    return { payout: toPayout(row), balances: await getBalances(tx, userId) }
  })
}

/** Why an operator's payout decision was refused, in the operator's words. */
export class PayoutError extends Error {
  override name = 'PayoutError'
}

async function closePayout(
  tx: Tx,
  payoutId: number,
  state: 'sent' | 'rejected',
  now: Date,
  reason: string | null,
): Promise<PayoutRow> {
  const payout = await claimOnce(
    tx
      .update(marketPayouts)
      .set({ state, reason, processedAt: now })
      .where(and(eq(marketPayouts.id, payoutId), eq(marketPayouts.state, 'pending')))
      .returning(),
  )
  if (payout) return payout
  const [row] = await tx
    .select({ state: marketPayouts.state })
    .from(marketPayouts)
    .where(eq(marketPayouts.id, payoutId))
  throw new PayoutError(
    row ? `Payout ${payoutId} is ${row.state} already` : `Payout ${payoutId} does not exist`,
  )
}

/** The operator paid the wallet: the escrowed gems go back to the supply, once. */
export async function markPayoutSentIn(tx: Tx, payoutId: number, now: Date): Promise<PayoutRow> {
  const payout = await closePayout(tx, payoutId, 'sent', now, null)
  await transfer(tx, {
    at: now,
    currency: 'gems',
    from: { system: 'market-escrow' },
    to: { system: 'supply' },
    amount: payout.gems - payout.fee,
    kind: 'market.paid',
    cause: { payoutId: payout.id, symbol: payout.symbol },
    idempotencyKey: `market-payout:${payout.id}:release`,
  })
  return payout
}

/** `npm run admin -- send-payout <id>` */
export function markPayoutSent(db: Db, payoutId: number, now: Date): Promise<PayoutRow> {
  return inTransaction(db, (tx) => markPayoutSentIn(tx, payoutId, now))
}

/** `npm run admin -- reject-payout <id> "<reason>"`: the gems and the fee go back to the player. */
export function rejectPayout(
  db: Db,
  payoutId: number,
  reason: string,
  now: Date,
): Promise<PayoutRow> {
  return inTransaction(db, async (tx) => {
    const payout = await closePayout(tx, payoutId, 'rejected', now, reason)
    const cause = { payoutId: payout.id, symbol: payout.symbol }
    await transfer(tx, {
      at: now,
      currency: 'gems',
      from: { system: 'market-escrow' },
      to: { userId: payout.userId },
      amount: payout.gems - payout.fee,
      kind: 'market.refund',
      cause,
      idempotencyKey: `market-payout:${payout.id}:release`,
    })
    if (payout.fee > 0) {
      await transfer(tx, {
        at: now,
        currency: 'gems',
        from: { system: 'market-fees' },
        to: { userId: payout.userId },
        amount: payout.fee,
        kind: 'market.refund',
        cause,
        idempotencyKey: `market-payout:${payout.id}:fee-refund`,
      })
    }
    return payout
  })
}

/** Pending payouts for the operator, oldest first. */
export function listPendingPayouts(db: Db): Promise<PayoutRow[]> {
  return db
    .select()
    .from(marketPayouts)
    .where(eq(marketPayouts.state, 'pending'))
    .orderBy(asc(marketPayouts.createdAt), asc(marketPayouts.id))
}

/** The demo's operator (SEED=demo): pays every payout that has waited `delayMs`. */
export async function payWaitingPayouts(tx: Tx, now: Date, delayMs: number): Promise<number> {
  const due = await tx
    .select({ id: marketPayouts.id })
    .from(marketPayouts)
    .where(
      and(
        eq(marketPayouts.state, 'pending'),
        lte(marketPayouts.createdAt, new Date(now.getTime() - delayMs)),
      ),
    )
  let paid = 0
  for (const { id } of due) {
    try {
      await markPayoutSentIn(tx, id, now)
      paid += 1
    } catch (error) {
      // An operator decided on it in between: theirs is the decision.
      if (!(error instanceof PayoutError)) throw error
    }
  }
  return paid
}

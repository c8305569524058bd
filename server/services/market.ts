import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm'
import {
  conversionFee,
  type ConversionQuote,
  type ConversionResult,
  type MarketOverview,
  type Payout,
} from '../../contract/market'
import type { PaymentMethod } from '../../contract/payments'
import { selectRows, type Db, type Tx } from '../db/client'
import { marketPayouts, teamLevels, teamLinks, users } from '../db/schema'
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
 * supply) or rejects the payout (the gems and the fee go back to the player). Before deciding,
 * the operator may hold a payout to look into it (held: not ready to send, the gems stay in
 * escrow), then release it (pending again) or reject it. Every change of state is one
 * conditional update from the states it may leave; closing (sent, rejected) is what releases the
 * escrow, so it happens exactly once whatever races.
 */

type PayoutRow = typeof marketPayouts.$inferSelect

function toPayout(row: PayoutRow): Payout {
  // A hold is the operator's review: to the player the payout still waits, and the hold's note
  // (in `reason` while held) is the operator's own.
  const held = row.state === 'held'
  return {
    id: row.id,
    symbol: row.symbol as PaymentMethod,
    gems: row.gems,
    fee: row.fee,
    valueCents: row.valueCents,
    address: row.address,
    state: held ? 'pending' : (row.state as Payout['state']),
    reason: held ? null : row.reason,
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

type PayoutState = 'pending' | 'held' | 'sent' | 'rejected'

/**
 * Moves a payout to `to` if it is in one of `from`, by one conditional update: of two decisions
 * at once, one wins and the other is refused with the state it found.
 */
async function movePayout(
  tx: Tx,
  payoutId: number,
  from: readonly PayoutState[],
  to: { state: PayoutState; reason: string | null; processedAt: Date | null },
): Promise<PayoutRow> {
  const payout = await claimOnce(
    tx
      .update(marketPayouts)
      .set(to)
      .where(and(eq(marketPayouts.id, payoutId), inArray(marketPayouts.state, [...from])))
      .returning(),
  )
  if (payout) return payout
  const [row] = await tx
    .select({ state: marketPayouts.state })
    .from(marketPayouts)
    .where(eq(marketPayouts.id, payoutId))
  throw new PayoutError(
    row ? `Payout ${payoutId} is ${row.state}` : `Payout ${payoutId} does not exist`,
  )
}

/** The operator paid the wallet: the escrowed gems go back to the supply, once. */
export async function markPayoutSentIn(tx: Tx, payoutId: number, now: Date): Promise<PayoutRow> {
  // A held payout is not ready to send: it is released (or rejected) first.
  const payout = await movePayout(tx, payoutId, ['pending'], {
    state: 'sent',
    reason: null,
    processedAt: now,
  })
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

/**
 * `npm run admin -- reject-payout <id> "<reason>"`: a pending or held payout is refused, and its
 * gems and fee go back to the player.
 */
export function rejectPayout(
  db: Db,
  payoutId: number,
  reason: string,
  now: Date,
): Promise<PayoutRow> {
  return inTransaction(db, async (tx) => {
    const payout = await movePayout(tx, payoutId, ['pending', 'held'], {
      state: 'rejected',
      reason,
      processedAt: now,
    })
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

/**
 * `npm run admin -- hold-payout <id> "<note>"`: the operator looks into a pending payout before
 * paying it; the gems stay in escrow and the note (the operator's, not shown to the player) says why.
 */
export function holdPayout(db: Db, payoutId: number, note: string): Promise<PayoutRow> {
  return inTransaction(db, (tx) =>
    movePayout(tx, payoutId, ['pending'], { state: 'held', reason: note, processedAt: null }),
  )
}

/** `npm run admin -- release-payout <id>`: a held payout is ready to send again. */
export function releasePayout(db: Db, payoutId: number): Promise<PayoutRow> {
  return inTransaction(db, (tx) =>
    movePayout(tx, payoutId, ['held'], { state: 'pending', reason: null, processedAt: null }),
  )
}

/**
 * What the operator reads about the player behind a payout before paying it (issue 29: 60 accounts
 * signed up from one address turned into a payout request in 92 s). Over the player's team (8
 * generations): the most members signed up from one address and from one device, and how many
 * never played (never earned a reward by playing, decision 026); and how old the account is.
 */
export type PayoutRisk = {
  team: number
  neverPlayed: number
  sameAddress: number
  sameDevice: number
  accountAgeMs: number
}

/** The risk signals of each of `userIds`, by player: index reads of each one's team. */
async function payoutRisks(db: Db, userIds: string[], now: Date): Promise<Map<string, PayoutRisk>> {
  if (userIds.length === 0) return new Map()
  const rows = await selectRows<{
    id: string
    team: number
    played: number
    same_address: number
    same_device: number
    created_at: string | Date
  }>(
    db,
    sql`select u.id, u.created_at, coalesce(t.members, 0)::int as team,
          coalesce(t.qualified, 0)::int as played,
          coalesce(a.n, 0)::int as same_address, coalesce(d.n, 0)::int as same_device
        from ${users} u
        left join lateral (
          select sum(l.members) as members, sum(l.qualified) as qualified
          from ${teamLevels} l where l.user_id = u.id
        ) t on true
        left join lateral (
          select count(*) as n from ${teamLinks} l join ${users} m on m.id = l.member_id
          where l.ancestor_id = u.id and m.signup_address is not null
          group by m.signup_address order by n desc limit 1
        ) a on true
        left join lateral (
          select count(*) as n from ${teamLinks} l join ${users} m on m.id = l.member_id
          where l.ancestor_id = u.id and m.signup_device is not null
          group by m.signup_device order by n desc limit 1
        ) d on true
        where u.id in (${sql.join(
          userIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  )
  return new Map(
    rows.map((row) => [
      row.id,
      {
        team: row.team,
        neverPlayed: row.team - row.played,
        sameAddress: row.same_address,
        sameDevice: row.same_device,
        accountAgeMs: now.getTime() - new Date(row.created_at).getTime(),
      },
    ]),
  )
}

/** Waiting payouts for the operator, oldest first, each with its player's risk signals. */
export async function listPayoutsToDecide(
  db: Db,
  now: Date,
): Promise<(PayoutRow & { risk: PayoutRisk })[]> {
  const payouts = await db
    .select()
    .from(marketPayouts)
    .where(inArray(marketPayouts.state, ['pending', 'held']))
    .orderBy(asc(marketPayouts.createdAt), asc(marketPayouts.id))
  const risks = await payoutRisks(db, [...new Set(payouts.map((payout) => payout.userId))], now)
  return payouts.map((payout) => {
    const risk = risks.get(payout.userId)
    if (!risk) throw new Error(`No player ${payout.userId} for payout ${payout.id}`)
    return { ...payout, risk }
  })
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

import { and, count, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm'
import { alias, type PgColumn, type PgSelect } from 'drizzle-orm/pg-core'
import {
  tradingFee,
  type BoardPage,
  type OfferResult,
  type OfferState,
  type OwnOffer,
  type OwnOffersPage,
  type PurchaseResult,
  type SellOfferBody,
  type TradeEntry,
  type TradeHistoryPage,
} from '../../contract/trading'
import { preparedPerDb, type Db, type Tx } from '../db/client'
import { queueLiveEvent } from '../db/live-outbox'
import { tradingOffers, users } from '../db/schema'
import { claimOnce, inTransaction, withAdvisoryLock } from './atomic'
import { DomainError } from './errors'
import { spend } from './funds'
import { getBalances, transfer } from './ledger'
import { matchedRows, pageOf, totalOf } from './pages'
import { TRADING_RULES } from './rules'
import { economyMessages } from '../../contract/economy-messages'

/*
 * The trading board: a player lists terydollars for sale at a price in gems. Listing moves the
 * terydollars into the 'trading-escrow' system account. The offer's state changes once, by a
 * conditional UPDATE ... WHERE state = 'open' RETURNING (claimOnce): the sale or the cancellation
 * that wins it releases the escrow in the same transaction, so the escrow is released at most
 * once, and of 200 buyers at the same moment exactly one gets the offer. Every ledger transfer of
 * an offer also carries a key `trading-offer:<id>:<step>`, which would refuse a second release.
 */

type OfferRow = typeof tradingOffers.$inferSelect

const seller = alias(users, 'seller')
const buyer = alias(users, 'buyer')

type Party = { code: string; name: string }

function toOwnOffer(row: OfferRow, buyerRef: Party | null): OwnOffer {
  return {
    id: row.id,
    amount: row.amount,
    price: row.price,
    total: row.total,
    fee: row.fee,
    state: row.state as OfferState,
    buyer: buyerRef,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  }
}

function toTrade(row: OfferRow, kind: 'sale' | 'purchase', counterpart: Party): TradeEntry {
  return {
    offerId: row.id,
    kind,
    amount: row.amount,
    price: row.price,
    total: row.total,
    fee: kind === 'sale' ? row.fee : 0,
    gems: kind === 'sale' ? row.total - row.fee : row.total,
    counterpart,
    closedAt: (row.closedAt ?? row.createdAt).toISOString(),
  }
}

async function partyOf(db: Db, userId: string): Promise<Party> {
  const [row] = await db
    .select({ code: users.code, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
  if (!row) throw new Error(`No player ${userId}`)
  return row
}

const offerKey = (offerId: number, step: string) => `trading-offer:${offerId}:${step}`

/**
 * POST /api/trading: lists `amount` terydollars at `price` gems each. The seller's open offers
 * are counted under an advisory lock on the seller, so two listings at once cannot both pass the
 * limit; the terydollars move to the escrow in the same transaction.
 */
export function createOffer(
  db: Db,
  userId: string,
  { price, amount }: SellOfferBody,
  now: Date,
): Promise<OfferResult> {
  return inTransaction(db, async (tx) => {
    await withAdvisoryLock(tx, `trading-offers:${userId}`)
    const [open] = await tx
      .select({ n: count() })
      .from(tradingOffers)
      .where(and(eq(tradingOffers.sellerId, userId), eq(tradingOffers.state, 'open')))
    if ((open?.n ?? 0) >= TRADING_RULES.maxOpenOffers) {
      throw new DomainError(409, economyMessages.tooManyOffers)
    }
    const total = price * amount
    const [offer] = await tx
      .insert(tradingOffers)
      .values({
        sellerId: userId,
        amount,
        price,
        total,
        fee: tradingFee(total, TRADING_RULES.feePercent),
        createdAt: now,
      })
      .returning()
    if (!offer) throw new Error('The offer was not written')
    await spend(tx, {
      at: now,
      currency: 'terydollars',
      from: { userId },
      to: { system: 'trading-escrow' },
      amount,
      kind: 'trading.escrow',
      cause: { offerId: offer.id },
      idempotencyKey: offerKey(offer.id, 'escrow'),
    })
    queueLiveEvent(tx, null, { type: 'board.changed', data: {} })
    return { offer: toOwnOffer(offer, null), balances: await getBalances(tx, userId) }
  })
}

/** Live: the seller's tabs see their offer closed, and every board loses it. */
function announceClosed(tx: Tx, offer: OfferRow): void {
  const state = offer.state === 'sold' ? 'sold' : 'cancelled'
  queueLiveEvent(tx, offer.sellerId, { type: 'offer.closed', data: { offerId: offer.id, state } })
  queueLiveEvent(tx, null, { type: 'board.changed', data: {} })
}

/** Why a conditional update on an offer found nothing to change: the player's answer. */
async function refusalFor(tx: Tx, offerId: number, userId: string, action: 'buy' | 'cancel') {
  const [row] = await tx
    .select({ sellerId: tradingOffers.sellerId, state: tradingOffers.state })
    .from(tradingOffers)
    .where(eq(tradingOffers.id, offerId))
  if (!row) return new DomainError(404, economyMessages.offerNotFound)
  if (action === 'buy' && row.sellerId === userId) {
    return new DomainError(400, economyMessages.ownOffer)
  }
  if (action === 'cancel' && row.sellerId !== userId) {
    return new DomainError(403, economyMessages.notYourOffer)
  }
  return new DomainError(409, economyMessages.offerGone)
}

/**
 * DELETE /api/trading: the seller takes an open offer back; its terydollars leave the escrow.
 * Against a buy at the same moment, exactly one of the two changes the offer's state.
 */
export function cancelOffer(
  db: Db,
  userId: string,
  offerId: number,
  now: Date,
): Promise<OfferResult> {
  return inTransaction(db, async (tx) => {
    const offer = await claimOnce(
      tx
        .update(tradingOffers)
        .set({ state: 'cancelled', closedAt: now })
        .where(
          and(
            eq(tradingOffers.id, offerId),
            eq(tradingOffers.sellerId, userId),
            eq(tradingOffers.state, 'open'),
          ),
        )
        .returning(),
    )
    if (!offer) throw await refusalFor(tx, offerId, userId, 'cancel')
    await transfer(tx, {
      at: now,
      currency: 'terydollars',
      from: { system: 'trading-escrow' },
      to: { userId },
      amount: offer.amount,
      kind: 'trading.cancel',
      cause: { offerId: offer.id },
      idempotencyKey: offerKey(offer.id, 'release'),
    })
    announceClosed(tx, offer)
    return { offer: toOwnOffer(offer, null), balances: await getBalances(tx, userId) }
  })
}

/**
 * POST /api/trading/buy: the buyer takes the whole offer. One transaction: the offer moves from
 * open to sold for this buyer (never its own seller), the buyer pays the price in gems (the
 * seller receives it minus the fee), and the escrowed terydollars go to the buyer. A buyer short
 * of gems undoes all of it, and the offer stays open for others.
 */
export function buyOffer(
  db: Db,
  userId: string,
  offerId: number,
  now: Date,
): Promise<PurchaseResult> {
  return inTransaction(db, async (tx) => {
    const offer = await claimOnce(
      tx
        .update(tradingOffers)
        .set({ state: 'sold', buyerId: userId, closedAt: now })
        .where(
          and(
            eq(tradingOffers.id, offerId),
            eq(tradingOffers.state, 'open'),
            ne(tradingOffers.sellerId, userId),
          ),
        )
        .returning(),
    )
    if (!offer) throw await refusalFor(tx, offerId, userId, 'buy')
    const cause = { offerId: offer.id }
    const proceeds = offer.total - offer.fee
    if (proceeds > 0) {
      await spend(tx, {
        at: now,
        currency: 'gems',
        from: { userId },
        to: { userId: offer.sellerId },
        amount: proceeds,
        kind: 'trading.sale',
        cause,
        idempotencyKey: offerKey(offer.id, 'price'),
      })
    }
    if (offer.fee > 0) {
      await spend(tx, {
        at: now,
        currency: 'gems',
        from: { userId },
        to: { system: 'trading-fees' },
        amount: offer.fee,
        kind: 'trading.fee',
        cause,
        idempotencyKey: offerKey(offer.id, 'fee'),
      })
    }
    await transfer(tx, {
      at: now,
      currency: 'terydollars',
      from: { system: 'trading-escrow' },
      to: { userId },
      amount: offer.amount,
      kind: 'trading.release',
      cause,
      idempotencyKey: offerKey(offer.id, 'release'),
    })
    announceClosed(tx, offer)
    return {
      trade: toTrade(offer, 'purchase', await partyOf(tx, offer.sellerId)),
      balances: await getBalances(tx, userId),
    }
  })
}

type ListQuery = { code?: string; page: number }

/** The player the placeholder `code` names, as the other party of a listing. */
function partyWithCode(party: SQL | PgColumn): SQL {
  return sql`${party} = (select id from ${users} where code = ${sql.placeholder('code')})`
}

/** The player asking, as a placeholder of a list's statements. */
const me = sql.placeholder('userId')

/**
 * One list of offers, prepared once per database handle: drizzle builds its SQL once, and the
 * board's page is the hottest list of the game (its SQL building was about a fifth of the call's
 * CPU, bench/NOTES.md, twenty-first round). `select` gives the select with its joins and
 * `matchedRows()` as `total`, `where` what the list matches (the player as `me`; with the other
 * party's code narrowed by `partyWithCode`, a statement of its own). A page is newest first by
 * `newest`, with how many offers match in the same statement; a page past the end counts apart.
 */
function offerList<S extends PgSelect & { _: { result: { total: number }[] } }>(
  name: string,
  newest: PgColumn,
  select: (db: Db) => S,
  where: (code: boolean) => SQL | undefined,
) {
  const statements = preparedPerDb((db) => {
    const prepare = (code: boolean) => {
      const matching = where(code)
      const suffix = code ? '_by_code' : ''
      return {
        page: select(db)
          .where(matching)
          .orderBy(desc(newest), desc(tradingOffers.id))
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'))
          .prepare(`${name}${suffix}`),
        count: db
          .select({ n: count() })
          .from(tradingOffers)
          .where(matching)
          .prepare(`${name}${suffix}_count`),
      }
    }
    return { all: prepare(false), byCode: prepare(true) }
  })
  return async (db: Db, userId: string, query: ListQuery) => {
    const { offset, limit, pagination } = pageOf(query.page, TRADING_RULES.pageSize)
    const list = statements(db)[query.code === undefined ? 'all' : 'byCode']
    const params = { userId, code: query.code, limit, offset }
    const page = (await list.page.execute(params)) as S['_']['result']
    const total = await totalOf(page, query.page, async () => {
      const [counted] = await list.count.execute(params)
      return counted?.n ?? 0
    })
    return { page, pagination: pagination(total) }
  }
}

const boardPage = offerList(
  'trading_board',
  tradingOffers.createdAt,
  (db) =>
    db
      .select({
        // Only what the board shows: every column costs its parsing at each call.
        offer: {
          id: tradingOffers.id,
          sellerId: tradingOffers.sellerId,
          amount: tradingOffers.amount,
          price: tradingOffers.price,
          total: tradingOffers.total,
          createdAt: tradingOffers.createdAt,
        },
        seller: { code: seller.code, name: seller.name },
        total: matchedRows(),
      })
      .from(tradingOffers)
      .innerJoin(seller, eq(seller.id, tradingOffers.sellerId))
      .$dynamic(),
  (code) =>
    and(eq(tradingOffers.state, 'open'), code ? partyWithCode(tradingOffers.sellerId) : undefined),
)

/** GET /api/trading: open offers, newest first, the player's own marked; `code` narrows to a seller. */
export async function listBoard(db: Db, userId: string, query: ListQuery): Promise<BoardPage> {
  const { page, pagination } = await boardPage(db, userId, query)
  return {
    items: page.map(({ offer, seller: from }) => ({
      id: offer.id,
      seller: from,
      amount: offer.amount,
      price: offer.price,
      total: offer.total,
      own: offer.sellerId === userId,
      createdAt: offer.createdAt.toISOString(),
    })),
    pagination,
  }
}

const ownOffersPage = offerList(
  'trading_own',
  tradingOffers.createdAt,
  (db) =>
    db
      .select({
        offer: tradingOffers,
        buyer: { code: buyer.code, name: buyer.name },
        total: matchedRows(),
      })
      .from(tradingOffers)
      .leftJoin(buyer, eq(buyer.id, tradingOffers.buyerId))
      .$dynamic(),
  (code) =>
    and(eq(tradingOffers.sellerId, me), code ? partyWithCode(tradingOffers.buyerId) : undefined),
)

/** GET /api/trading/own: the player's offers in every state; `code` narrows to a buyer. */
export async function listOwnOffers(
  db: Db,
  userId: string,
  query: ListQuery,
): Promise<OwnOffersPage> {
  const { page, pagination } = await ownOffersPage(db, userId, query)
  return {
    items: page.map(({ offer, buyer: to }) =>
      toOwnOffer(offer, to?.code && to.name ? { code: to.code, name: to.name } : null),
    ),
    pagination,
  }
}

const counterpartId = sql`case when ${tradingOffers.sellerId} = ${me} then ${tradingOffers.buyerId} else ${tradingOffers.sellerId} end`
const counterpart = alias(users, 'counterpart')
const tradeHistoryPage = offerList(
  'trading_history',
  tradingOffers.closedAt,
  (db) =>
    db
      .select({
        offer: tradingOffers,
        counterpart: { code: counterpart.code, name: counterpart.name },
        total: matchedRows(),
      })
      .from(tradingOffers)
      .innerJoin(counterpart, sql`${counterpart.id} = ${counterpartId}`)
      .$dynamic(),
  (code) =>
    and(
      eq(tradingOffers.state, 'sold'),
      or(eq(tradingOffers.sellerId, me), eq(tradingOffers.buyerId, me)),
      code ? partyWithCode(counterpartId) : undefined,
    ),
)

/**
 * GET /api/trading/history: the player's finished trades on both sides, sales and purchases,
 * newest first; `code` narrows to trades with one other player.
 */
export async function listTradeHistory(
  db: Db,
  userId: string,
  query: ListQuery,
): Promise<TradeHistoryPage> {
  const { page, pagination } = await tradeHistoryPage(db, userId, query)
  return {
    items: page.map(({ offer, counterpart: other }) =>
      toTrade(offer, offer.sellerId === userId ? 'sale' : 'purchase', other),
    ),
    pagination,
  }
}

import { createHash, randomBytes } from 'node:crypto'
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  max,
  sql,
  type SQL,
} from 'drizzle-orm'
import type { Currency } from '../../contract/currencies'
import {
  drawMessage,
  winningTicket,
  type DrawEntryResult,
  type LotteryDraw,
  type LotteryList,
  type LotteryListQuery,
  type LotteryTicket,
  lotteryMessages,
} from '../../contract/lottery'
import { pageNumber } from '../../contract/pagination'
import type { Db, Tx } from '../db/client'
import { queueLiveEvent } from '../db/live-outbox'
import { lotteryDraws, lotteryEntries, users } from '../db/schema'
import { claimOnce, inTransaction, withAdvisoryLock } from './atomic'
import { startOfBogotaWeek } from './bogota-time'
import { DomainError } from './errors'
import { getBalances, InsufficientFundsError, transfer } from './ledger'
import { pageOf } from './pages'
import { LOTTERY_RULES } from './rules'

/*
 * The weekly lottery, provably fair by commit and reveal (docs/economy.md, "Lottery"): a draw
 * publishes the SHA-256 of a secret seed when it opens, takes entries until it closes, then
 * reveals the seed; the winning ticket is SHA-256(`<seed>:<entries>`) modulo the number of
 * entries, plus one, which anyone can recompute from what the list publishes.
 */

type DrawRow = typeof lotteryDraws.$inferSelect

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS
const WEEK_MS = 7 * DAY_MS

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}

/** 32 random bytes as 64 hex characters: a draw's secret until it is drawn. */
function newSeed(): string {
  return randomBytes(32).toString('hex')
}

/** The scheduled closing (Sunday 20:00 in Bogota) of the week an instant falls in. */
function closingOfWeek(instant: Date): Date {
  const { drawWeekday, drawHour } = LOTTERY_RULES
  // Colombia keeps no daylight saving time, so hours after the week's start are exact.
  return new Date(startOfBogotaWeek(instant).getTime() + drawWeekday * DAY_MS + drawHour * HOUR_MS)
}

/** The last scheduled closing at or before `now`: the period of the draw job. */
export function latestClosing(now: Date): Date {
  const closing = closingOfWeek(now)
  return closing <= now ? closing : new Date(closing.getTime() - WEEK_MS)
}

/** The first scheduled closing strictly after `instant`. */
export function nextClosing(instant: Date): Date {
  const closing = closingOfWeek(instant)
  return closing > instant ? closing : new Date(closing.getTime() + WEEK_MS)
}

/** "Valentina Gómez" -> "Valentina G.": how the entry list shows a player. */
export function publicName(name: string): string {
  const [first, ...rest] = name.trim().split(/\s+/)
  const last = rest.at(-1)
  return last ? `${first} ${last.slice(0, 1).toUpperCase()}.` : (first ?? '')
}

/**
 * The draw taking entries, created if there is none: it closes at the first scheduled closing at
 * least a day after now and after the last draw closed, so nobody gets a draw that closes within
 * the hour. One at a time: the advisory lock keeps two servers from opening two.
 */
export async function ensureOpenDraw(tx: Tx, now: Date): Promise<DrawRow> {
  await withAdvisoryLock(tx, 'lottery:open-draw')
  const [open] = await tx.select().from(lotteryDraws).where(isNull(lotteryDraws.drawnAt)).limit(1)
  if (open) return open
  const [last] = await tx
    .select({ number: max(lotteryDraws.number), closesAt: max(lotteryDraws.closesAt) })
    .from(lotteryDraws)
  const from = Math.max(now.getTime(), last?.closesAt?.getTime() ?? 0)
  const seed = newSeed()
  const [created] = await tx
    .insert(lotteryDraws)
    .values({
      number: (last?.number ?? 0) + 1,
      closesAt: nextClosing(new Date(from + DAY_MS)),
      prizeCurrency: LOTTERY_RULES.prize.currency,
      prizeAmount: LOTTERY_RULES.prize.amount,
      entryCurrency: LOTTERY_RULES.entryPrice.currency,
      entryPrice: LOTTERY_RULES.entryPrice.amount,
      seed,
      seedHash: sha256Hex(seed),
      createdAt: now,
    })
    .returning()
  if (!created) throw new Error('The new draw was not created')
  return created
}

/**
 * PATCH /api/user/draw: the player takes part in an open draw and pays the entry price. The draw
 * row is read FOR SHARE: entries never wait for each other, but a draw (which locks the row FOR
 * UPDATE) waits for the entries under way, and an entry that waited sees the draw done.
 */
export async function enterDraw(
  db: Db,
  userId: string,
  drawId: string,
  now: Date,
): Promise<DrawEntryResult> {
  await inTransaction(db, async (tx) => {
    const [draw] = await tx
      .select()
      .from(lotteryDraws)
      .where(eq(lotteryDraws.id, drawId))
      .for('share')
    if (!draw) throw new DomainError(404, lotteryMessages.notFound)
    if (draw.drawnAt !== null || draw.closesAt <= now) {
      throw new DomainError(409, lotteryMessages.closed)
    }
    const [entry] = await tx
      .insert(lotteryEntries)
      .values({ drawId, userId, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: lotteryEntries.id })
    if (!entry) throw new DomainError(409, lotteryMessages.alreadyEntered)
    try {
      await transfer(tx, {
        at: now,
        currency: draw.entryCurrency as Currency,
        from: { userId },
        to: { system: 'supply' },
        amount: draw.entryPrice,
        kind: 'lottery.entry',
        cause: { drawId, number: draw.number },
        idempotencyKey: `lottery-entry:${drawId}:${userId}`,
      })
    } catch (error) {
      if (error instanceof InsufficientFundsError) {
        throw new DomainError(400, lotteryMessages.notEnough)
      }
      throw error
    }
  })
  const [draw] = await listDrawRows(db, eq(lotteryDraws.id, drawId), 1, 0)
  if (!draw) throw new Error(`Draw ${drawId} vanished`)
  const [view] = await toDrawViews(db, [draw], userId, now)
  if (!view) throw new Error(`Draw ${drawId} has no view`)
  return { draw: view, balances: await getBalances(db, userId) }
}

export type DrawOutcome = {
  number: number
  entries: number
  seed: string
  winner: { ticket: number; userId: string; name: string } | null
}

/**
 * Draws one draw whose entries have closed: numbers the tickets in entry order, reveals the
 * seed, picks the winning ticket and pays its holder, all in the caller's transaction. Null when
 * it was drawn already (by another server, or the operator): the row is locked FOR UPDATE and
 * the final update is conditional, so a draw runs once.
 */
export async function drawOne(tx: Tx, drawId: string, now: Date): Promise<DrawOutcome | null> {
  const [draw] = await tx
    .select()
    .from(lotteryDraws)
    .where(and(eq(lotteryDraws.id, drawId), isNull(lotteryDraws.drawnAt)))
    .for('update')
  if (!draw) return null
  if (draw.closesAt > now) throw new Error(`Draw #${draw.number} is still taking entries`)

  await tx.execute(sql`
    update ${lotteryEntries} e set ticket = numbered.ticket
    from (select id, row_number() over (order by id) as ticket
          from ${lotteryEntries} where draw_id = ${drawId}) numbered
    where e.id = numbered.id`)
  const entries = await tx
    .select({ ticket: lotteryEntries.ticket, userId: lotteryEntries.userId, name: users.name })
    .from(lotteryEntries)
    .innerJoin(users, eq(users.id, lotteryEntries.userId))
    .where(eq(lotteryEntries.drawId, drawId))
    .orderBy(asc(lotteryEntries.ticket))

  let winner: DrawOutcome['winner'] = null
  if (entries.length > 0) {
    const ticket = winningTicket(sha256Hex(drawMessage(draw.seed, entries.length)), entries.length)
    const holder = entries[ticket - 1]
    if (!holder || holder.ticket !== ticket) throw new Error(`Ticket ${ticket} has no holder`)
    winner = { ticket, userId: holder.userId, name: publicName(holder.name) }
    await transfer(tx, {
      at: now,
      currency: draw.prizeCurrency as Currency,
      from: { system: 'supply' },
      to: { userId: holder.userId },
      amount: draw.prizeAmount,
      kind: 'lottery.prize',
      cause: { drawId, number: draw.number, ticket },
      idempotencyKey: `lottery-prize:${drawId}`,
    })
  }
  const drawn = await claimOnce(
    tx
      .update(lotteryDraws)
      .set({
        drawnAt: now,
        entries: entries.length,
        winnerTicket: winner?.ticket ?? null,
        winnerUserId: winner?.userId ?? null,
      })
      .where(and(eq(lotteryDraws.id, drawId), isNull(lotteryDraws.drawnAt)))
      .returning({ id: lotteryDraws.id }),
  )
  if (!drawn) throw new Error(`Draw #${draw.number} changed under its lock`)
  queueLiveEvent(tx, null, { type: 'lottery.drawn', data: { number: draw.number } })
  return { number: draw.number, entries: entries.length, seed: draw.seed, winner }
}

/**
 * What the draw job does at each scheduled closing: draws every draw whose entries have closed
 * (a server that was down catches up), then makes sure the next draw is open.
 */
export async function runLotteryDraws(tx: Tx, now: Date): Promise<DrawOutcome[]> {
  const due = await tx
    .select({ id: lotteryDraws.id })
    .from(lotteryDraws)
    .where(and(isNull(lotteryDraws.drawnAt), lte(lotteryDraws.closesAt, now)))
    .orderBy(asc(lotteryDraws.closesAt))
  const outcomes: DrawOutcome[] = []
  for (const { id } of due) {
    const outcome = await drawOne(tx, id, now)
    if (outcome) outcomes.push(outcome)
  }
  await ensureOpenDraw(tx, now)
  return outcomes
}

/**
 * `npm run admin -- draw-lottery`: closes the draw taking entries now, even before its scheduled
 * time (its seed hash was published when it opened, so closing early changes nothing about its
 * fairness), draws it and every other closed draw, and opens the next one.
 */
export async function drawLotteryNow(db: Db, now: Date): Promise<DrawOutcome[]> {
  return inTransaction(db, async (tx) => {
    await tx
      .update(lotteryDraws)
      .set({ closesAt: now })
      .where(and(isNull(lotteryDraws.drawnAt), gt(lotteryDraws.closesAt, now)))
    return runLotteryDraws(tx, now)
  })
}

function listDrawRows(db: Db, where: SQL | undefined, limit: number, offset: number) {
  return db
    .select()
    .from(lotteryDraws)
    .where(where)
    .orderBy(desc(lotteryDraws.number))
    .limit(limit)
    .offset(offset)
}

function statusOf(draw: DrawRow, now: Date): LotteryDraw['status'] {
  if (draw.drawnAt !== null) return 'drawn'
  return draw.closesAt <= now ? 'closed' : 'open'
}

/** The draws as the list publishes them: the seed only once drawn, the tickets with public names. */
async function toDrawViews(
  db: Db,
  draws: DrawRow[],
  viewerId: string | null,
  now: Date,
): Promise<LotteryDraw[]> {
  const ids = draws.map((draw) => draw.id)
  if (ids.length === 0) return []
  const openIds = draws.filter((draw) => draw.drawnAt === null).map((draw) => draw.id)
  const openCounts =
    openIds.length === 0
      ? []
      : await db
          .select({ drawId: lotteryEntries.drawId, entries: count() })
          .from(lotteryEntries)
          .where(inArray(lotteryEntries.drawId, openIds))
          .groupBy(lotteryEntries.drawId)
  const tickets = await db
    .select({ drawId: lotteryEntries.drawId, ticket: lotteryEntries.ticket, name: users.name })
    .from(lotteryEntries)
    .innerJoin(users, eq(users.id, lotteryEntries.userId))
    .where(and(inArray(lotteryEntries.drawId, ids), isNotNull(lotteryEntries.ticket)))
    .orderBy(asc(lotteryEntries.ticket))
  const mine =
    viewerId === null
      ? []
      : await db
          .select({ drawId: lotteryEntries.drawId, ticket: lotteryEntries.ticket })
          .from(lotteryEntries)
          .where(and(inArray(lotteryEntries.drawId, ids), eq(lotteryEntries.userId, viewerId)))

  return draws.map((draw) => {
    const published: LotteryTicket[] = tickets
      .filter((row) => row.drawId === draw.id)
      .map((row) => ({ ticket: row.ticket as number, name: publicName(row.name) }))
    const entry = mine.find((row) => row.drawId === draw.id)
    const drawn = draw.drawnAt !== null
    return {
      id: draw.id,
      number: draw.number,
      status: statusOf(draw, now),
      closesAt: draw.closesAt.toISOString(),
      drawnAt: draw.drawnAt?.toISOString() ?? null,
      prize: { currency: draw.prizeCurrency as Currency, amount: draw.prizeAmount },
      entryPrice: { currency: draw.entryCurrency as Currency, amount: draw.entryPrice },
      entries: drawn
        ? (draw.entries ?? 0)
        : (openCounts.find((row) => row.drawId === draw.id)?.entries ?? 0),
      seedHash: draw.seedHash,
      seed: drawn ? draw.seed : null,
      winner: published.find((ticket) => ticket.ticket === draw.winnerTicket) ?? null,
      tickets: published,
      myEntry: entry ? { ticket: entry.ticket } : null,
    }
  })
}

/** GET /api/lottery/list: the draws, newest first, a page at a time. */
export async function listDraws(
  db: Db,
  query: LotteryListQuery,
  viewerId: string | null,
  now: Date,
): Promise<LotteryList> {
  const conditions: SQL[] = []
  if (query.status === 'open') conditions.push(isNull(lotteryDraws.drawnAt))
  if (query.status === 'drawn') conditions.push(isNotNull(lotteryDraws.drawnAt))
  if (query.number !== undefined) conditions.push(eq(lotteryDraws.number, Number(query.number)))
  const where = conditions.length > 0 ? and(...conditions) : undefined
  const { offset, limit, pagination } = pageOf(pageNumber(query.page), LOTTERY_RULES.pageSize)
  const [total] = await db.select({ n: count() }).from(lotteryDraws).where(where)
  const rows = await listDrawRows(db, where, limit, offset)
  return {
    draws: await toDrawViews(db, rows, viewerId, now),
    pagination: pagination(total?.n ?? 0),
    signedIn: viewerId !== null,
  }
}

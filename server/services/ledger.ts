import { and, asc, eq, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { CURRENCIES, type Currency } from '../../contract/currencies'
import { instantSql, selectRows, type Db, type Tx } from '../db/client'
import { queueBalances, queuedBalances } from '../db/live-outbox'
import {
  accounts,
  ledgerEntries,
  ledgerTransfers,
  playerCredits,
  users,
  weekEarners,
  weeklyGems,
  type TransferCause,
} from '../db/schema'
import { GAME_TIME_ZONE } from '../../contract/bogota-clock'
import { WEEK_EARNING_KINDS } from './rules'

/**
 * The constant supply of every currency, issued once to the system supply accounts by migration
 * 0001_issue_supply.sql. Player balances plus system balances always sum to this number.
 */
export const CURRENCY_SUPPLY: Readonly<Record<Currency, number>> = {
  terycarbons: 1_000_000_000_000,
  gems: 1_000_000_000_000,
  voltaCharge: 1_000_000_000_000,
  terydollars: 1_000_000_000_000,
}

/**
 * System accounts hold value that belongs to no player, one per key and currency. 'supply' issues
 * every reward. Adding one (an escrow, a fee account) is adding its key here: its accounts are
 * created by the first transfer that names them.
 */
export type SystemAccountKey =
  | 'supply'
  /** Terydollars of open sell offers; released once, by the sale or the cancellation. */
  | 'trading-escrow'
  /** Gems the sellers paid as the trading fee. */
  | 'trading-fees'
  /** Terydollars paid for batteries; melting pays back from here. */
  | 'battery-reserve'
  /** Gems of conversions waiting to be paid out; released once, when paid or rejected. */
  | 'market-escrow'
  /** Gems paid as the conversion fee. */
  | 'market-fees'
  /** Gems of held transfers, on their way to the recipient. */
  | 'gem-transfers'

/** Either side of a transfer: a player's account or a system account, in the transfer's currency. */
export type AccountOwner = { userId: string } | { system: SystemAccountKey }

export class InsufficientFundsError extends Error {
  constructor(readonly currency: Currency) {
    super(`Insufficient ${currency}`)
    this.name = 'InsufficientFundsError'
  }
}

/** A transfer with this idempotency key was made already; nothing was moved the second time. */
export class DuplicateTransferError extends Error {
  constructor(readonly idempotencyKey: string) {
    super(`A transfer with idempotency key ${idempotencyKey} exists already`)
    this.name = 'DuplicateTransferError'
  }
}

export class LedgerError extends Error {
  override name = 'LedgerError'
}

export type TransferInput = {
  currency: Currency
  from: AccountOwner
  to: AccountOwner
  /** Whole units, greater than zero. */
  amount: number
  /** What kind of movement it is ('welcome', 'referral', 'seed', ...). */
  kind: string
  /** What produced it, for the player's history: the mission, station, offer... */
  cause?: TransferCause
  /** When set, a second transfer with the same key is refused (DuplicateTransferError). */
  idempotencyKey?: string
  /**
   * When it happened: the service's clock (`deps.now()`), so what the game computes by day or
   * week from the ledger follows the same clock as the rest; the database's time if omitted.
   */
  at?: Date
}

function isPlayer(owner: AccountOwner): owner is { userId: string } {
  return 'userId' in owner
}

async function findSystemAccount(tx: Tx, system: SystemAccountKey, currency: Currency) {
  const [row] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(eq(accounts.systemKey, system), isNull(accounts.userId), eq(accounts.currency, currency)),
    )
    .limit(1)
  return row?.id ?? null
}

/**
 * The id of a system account, created on first use (no balance column: its balance is derived),
 * so a new SystemAccountKey needs no migration.
 */
async function systemAccount(tx: Tx, system: SystemAccountKey, currency: Currency) {
  const found = await findSystemAccount(tx, system, currency)
  if (found !== null) return found
  await tx
    .insert(accounts)
    .values({ systemKey: system, currency, balance: null })
    .onConflictDoNothing()
  const created = await findSystemAccount(tx, system, currency)
  if (created === null) throw new LedgerError(`No ${currency} account for ${system}`)
  return created
}

/** A player's account as a lock of it read it (lockPlayerAccounts, lockedAccountsSql). */
export type HeldAccount = {
  id: number
  userId: string | null
  currency: string
  balance: number | null
}

/**
 * Locks every account of these players, all currencies, in id order, until the transaction ends.
 * A player's accounts are one lock: a transaction that pays in one currency and is paid in another
 * (a purchase, a burn) takes them all at its first movement, so two such transactions of one
 * player queue instead of each holding one currency and waiting for the other's (a deadlock).
 * transfer() takes it for its two sides; a transaction that pays several players one after another
 * takes it for all of them first, so it cannot hold one and wait for another that a transfer
 * between them holds. NO KEY UPDATE is what the balance update takes anyway, and it leaves the
 * foreign-key checks of other transactions' ledger rows unblocked.
 */
export async function lockPlayerAccounts(
  tx: Tx,
  userIds: readonly string[],
): Promise<HeldAccount[]> {
  if (userIds.length === 0) return []
  return tx
    .select({
      id: accounts.id,
      userId: accounts.userId,
      currency: accounts.currency,
      balance: accounts.balance,
    })
    .from(accounts)
    .where(inArray(accounts.userId, [...userIds]))
    .orderBy(asc(accounts.id))
    .for('no key update')
}

/**
 * SQL: the lock lockPlayerAccounts takes (every account of these players, in id order, NO KEY
 * UPDATE), as a subquery of the caller's own statement, so a service that reads the players first
 * (a transfer's recipient by code) locks them in the same round trip. It answers the rows it
 * locked as JSON text; `heldAccounts` reads them for transfer(). `userIds` is a list of uuids.
 */
export function lockedAccountsSql(userIds: SQL): SQL<string> {
  return sql<string>`(select coalesce(json_agg(json_build_object('id', h.id, 'userId', h.user_id, 'currency', h.currency, 'balance', h.balance) order by h.id), '[]')::text
    from (select id, user_id, currency, balance from ${accounts} where user_id in (${userIds})
          order by id for no key update) h)`
}

/** The accounts lockedAccountsSql locked, from its JSON text. */
export function heldAccounts(json: string): HeldAccount[] {
  return JSON.parse(json) as HeldAccount[]
}

/** One side of a transfer: a player's account among those locked, or a system account. */
async function accountOf(
  tx: Tx,
  held: readonly HeldAccount[],
  owner: AccountOwner,
  currency: Currency,
): Promise<{ id: number; balance: number | null }> {
  if (!isPlayer(owner)) {
    return { id: await systemAccount(tx, owner.system, currency), balance: null }
  }
  const account = held.find((row) => row.userId === owner.userId && row.currency === currency)
  if (!account) throw new LedgerError(`No ${currency} account for player ${owner.userId}`)
  return account
}

/** Creates the four currency accounts of a new player, all at zero. */
export async function openPlayerAccounts(tx: Tx, userId: string): Promise<void> {
  await tx.insert(accounts).values(CURRENCIES.map((currency) => ({ userId, currency })))
}

/**
 * Moves `amount` of one currency between two accounts inside the caller's transaction (the type
 * refuses the root db: the business change and the money move commit together or not at all).
 *
 * Only player accounts are locked and updated. System accounts (supply, escrows, fees) keep no
 * stored balance, so rewards paid from `supply` never queue behind one shared row. The players on
 * either side are locked whole, in id order (lockPlayerAccounts), and the payer's funds checked
 * before anything is written; the debit itself is a conditional update and a check constraint
 * backs it, so a balance never goes below zero. When it throws, it has written nothing.
 *
 * `held`: the players' accounts, when the caller's own statement locked them already
 * (lockedAccountsSql) and nothing has moved them since; a side whose account is not among them is
 * a LedgerError, so no player's account moves without its lock.
 */
export async function transfer(
  tx: Tx,
  input: TransferInput,
  held?: readonly HeldAccount[],
): Promise<number> {
  const { currency, amount } = input
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new LedgerError(`Transfer amount must be a positive whole number, got ${amount}`)
  }
  const players = [input.from, input.to].filter(isPlayer).map((owner) => owner.userId)
  const locked = held ?? (await lockPlayerAccounts(tx, players))
  const from = await accountOf(tx, locked, input.from, currency)
  const to = await accountOf(tx, locked, input.to, currency)
  if (from.id === to.id) throw new LedgerError('A transfer needs two different accounts')
  const paidByPlayer = isPlayer(input.from)
  if (paidByPlayer && (from.balance ?? 0) < amount) throw new InsufficientFundsError(currency)

  const moved = await move(
    tx,
    input,
    from.id,
    to.id,
    (paidByPlayer ? 1 : 0) + (isPlayer(input.to) ? 1 : 0),
  )
  announceBalances(tx, locked, input)
  return moved
}

/**
 * Queues the live `balances.changed` of each player a transfer moved, worked out from the accounts
 * it locked (read before it) and what it moved: no read more. The transaction sends each player's
 * last balances once, at its end (server/db/live-outbox.ts).
 */
function announceBalances(tx: Tx, held: readonly HeldAccount[], input: TransferInput): void {
  const players = new Set(held.map((row) => row.userId).filter((id) => id !== null))
  for (const userId of players) {
    const balances = toBalances(held.filter((row) => row.userId === userId))
    if (isPlayer(input.from) && input.from.userId === userId)
      balances[input.currency] -= input.amount
    if (isPlayer(input.to) && input.to.userId === userId) balances[input.currency] += input.amount
    queueBalances(tx, userId, balances)
  }
}

/**
 * The writes of a transfer whose accounts are locked and funds checked, as one statement (one
 * round trip and one plan instead of five): the transfer's row, its two ledger lines, the
 * players' balances, and the stored totals of a credit to a player (decision 019). Each total is
 * an upsert that adds to its row, so concurrent credits to one player queue on it and none is
 * lost; the player's accounts, locked before, already queue them. Answers the transfer's id.
 *
 * Every part reads `moved`, so with an idempotency key already used nothing is written and the
 * statement answers no row (DuplicateTransferError). The balances' update is conditional (no
 * balance goes below zero), and a check constraint backs it: `players` is how many rows it must
 * change, and fewer means a lock did not hold (LedgerError, the transaction undone).
 */
async function move(
  tx: Tx,
  input: TransferInput,
  fromId: number,
  toId: number,
  players: number,
): Promise<number> {
  const { currency, amount, kind } = input
  const creditedPlayer = isPlayer(input.to) ? input.to.userId : null
  const credits =
    creditedPlayer === null
      ? sql``
      : sql`, credited as (
          insert into ${playerCredits} (user_id, kind, currency, total)
          select ${creditedPlayer}::uuid, ${kind}::text, ${currency}::text, ${amount}::bigint from moved
          on conflict (user_id, kind, currency) do update set total = ${playerCredits.total} + excluded.total)`
  // The week's gems are keyed by the Bogota Monday of the transfer's time (the same expression
  // creditTotalsDrift and migration 0007 count them with); joined_at is the leaderboard's tie-break.
  // A row the upsert inserted (xmax 0: an updated row carries the upsert's own lock in xmax) is
  // the player's first of the week, and adds them to the week's earners in the same statement;
  // the player's accounts are locked, so one player's credits cannot both insert it.
  const weekGems =
    creditedPlayer !== null && currency === 'gems' && WEEK_EARNING_KINDS.includes(kind)
      ? sql`, week as (
          insert into ${weeklyGems} (week_start, user_id, gems, joined_at)
          select date_trunc('week', moved.created_at at time zone ${GAME_TIME_ZONE}) at time zone ${GAME_TIME_ZONE},
                 u.id, ${amount}::bigint, u.created_at
          from moved, ${users} u where u.id = ${creditedPlayer}::uuid
          on conflict (week_start, user_id) do update set gems = ${weeklyGems.gems} + excluded.gems
          returning week_start, xmax = 0 as inserted),
        earner as (
          insert into ${weekEarners} (week_start, players)
          select week_start, 1 from week where inserted
          on conflict (week_start) do update set players = ${weekEarners.players} + 1)`
      : sql``
  const [row] = await selectRows<{ id: string; players: number }>(
    tx,
    sql`with moved as (
          insert into ${ledgerTransfers}
            (currency, amount, from_account_id, to_account_id, kind, cause, idempotency_key, created_at)
          values (${currency}, ${amount}, ${fromId}, ${toId}, ${kind}, ${input.cause ? JSON.stringify(input.cause) : null}::jsonb,
                  ${input.idempotencyKey ?? null}, ${input.at ? instantSql(input.at) : sql`now()`})
          on conflict (idempotency_key) do nothing
          returning id, created_at),
        line as (
          select * from (values (${fromId}::bigint, ${-amount}::bigint), (${toId}::bigint, ${amount}::bigint))
            as line(account_id, amount)),
        lines as (
          insert into ${ledgerEntries} (transfer_id, account_id, amount, created_at)
          select moved.id, line.account_id, line.amount, moved.created_at from moved, line),
        balances as (
          update ${accounts} a set balance = a.balance + line.amount from moved, line
          where a.id = line.account_id and a.balance is not null and a.balance + line.amount >= 0
          returning a.id)
        ${credits}${weekGems}
        select moved.id::text as id, (select count(*) from balances)::int as players from moved`,
  )
  if (!row) throw new DuplicateTransferError(input.idempotencyKey ?? '')
  if (row.players !== players)
    throw new LedgerError(`The accounts of transfer ${row.id} changed under their lock`)
  return Number(row.id)
}

/** The balances of a player, whole units per currency. */
export async function getBalances(db: Db, userId: string): Promise<Record<Currency, number>> {
  const rows = await db
    .select({ currency: accounts.currency, balance: accounts.balance })
    .from(accounts)
    .where(eq(accounts.userId, userId))
  return toBalances(rows)
}

/**
 * A player's balances inside a transaction: after a movement of theirs, what transfer() worked out
 * from the accounts it locked (no read: the answer of a money-moving request costs no statement
 * more); otherwise read.
 */
export async function balancesAfterMoves(
  tx: Tx,
  userId: string,
): Promise<Record<Currency, number>> {
  const queued = queuedBalances(tx, userId)
  return queued ? { ...queued } : getBalances(tx, userId)
}

/** Every currency's balance, 0 for an account the player does not have yet. */
function toBalances(
  rows: readonly { currency: string; balance: number | string | null }[],
): Record<Currency, number> {
  const balances: Record<Currency, number> = {
    terycarbons: 0,
    gems: 0,
    voltaCharge: 0,
    terydollars: 0,
  }
  for (const row of rows) balances[row.currency as Currency] = Number(row.balance ?? 0)
  return balances
}

/**
 * SQL: the balances of the player whose id is `userId` (a column of the outer query), as JSON
 * text, so a query that reads the player reads their balances with it; `parseBalances` reads it.
 */
export function balancesSql(userId: SQL | AnyColumn): SQL<string> {
  return sql<string>`(select coalesce(json_agg(json_build_object('currency', a.currency, 'balance', a.balance)), '[]')::text
    from ${accounts} a where a.user_id = ${userId})`
}

export function parseBalances(json: string): Record<Currency, number> {
  return toBalances(JSON.parse(json) as { currency: string; balance: number }[])
}

/** The balance of a system account: what it was issued plus its entries (0 before first use). */
export async function getSystemBalance(
  db: Db,
  system: SystemAccountKey,
  currency: Currency,
): Promise<number> {
  const [row] = await selectRows<{ balance: string | null }>(
    db,
    sql`select (a.issued + coalesce(sum(e.amount), 0))::text as balance
        from ${accounts} a left join ${ledgerEntries} e on e.account_id = a.id
        where a.system_key = ${system} and a.currency = ${currency}
        group by a.id`,
  )
  return Number(row?.balance ?? 0)
}

export type LedgerViolation = string

/**
 * Checks the money rules over the whole database and returns the violations (empty when sound):
 * for every currency, player balances plus derived system balances (issued + entries) sum to the
 * constant supply, and so does what was issued; no player balance and no system balance is
 * negative; every player's stored balance equals what it was issued plus its entries; every
 * transfer has exactly two entries, the debit of its source and the credit of its destination;
 * the credit totals stored beside the ledger (player_credits, week_gems) equal its credits.
 */
export async function checkLedgerInvariant(db: Db): Promise<LedgerViolation[]> {
  const violations: LedgerViolation[] = []
  const totals = sql`account_totals as (
    select a.id, a.currency, a.user_id, a.balance, a.issued,
           a.issued + coalesce(sum(e.amount), 0) as derived
    from ${accounts} a left join ${ledgerEntries} e on e.account_id = a.id
    group by a.id)`

  const sums = await selectRows<{ currency: string; total: string; issued: string }>(
    db,
    sql`with ${totals}
        select currency, sum(coalesce(balance, derived))::text as total, sum(issued)::text as issued
        from account_totals group by currency`,
  )
  for (const currency of CURRENCIES) {
    const row = sums.find((s) => s.currency === currency)
    const expected = String(CURRENCY_SUPPLY[currency])
    if (row?.total !== expected) {
      violations.push(`${currency}: balances sum to ${row?.total ?? 0}, supply is ${expected}`)
    }
    if (row?.issued !== expected) {
      violations.push(`${currency}: issued ${row?.issued ?? 0}, supply is ${expected}`)
    }
  }

  const drifted = await selectRows<{ id: string; balance: string | null; derived: string }>(
    db,
    sql`with ${totals}
        select id::text, balance::text, derived::text from account_totals
        where (user_id is not null and (balance is null or balance < 0 or balance <> derived))
           or (user_id is null and derived < 0)`,
  )
  for (const row of drifted) {
    violations.push(
      row.balance === null
        ? `system account ${row.id}: balance ${row.derived} is negative`
        : `account ${row.id}: balance ${row.balance} is negative or differs from issued + entries (${row.derived})`,
    )
  }

  const unbalanced = await selectRows<{ id: string }>(
    db,
    sql`select t.id::text from ${ledgerTransfers} t
        left join ${ledgerEntries} e on e.transfer_id = t.id
        group by t.id
        having count(e.id) <> 2
            or coalesce(bool_or(e.account_id = t.from_account_id and e.amount = -t.amount), false) = false
            or coalesce(bool_or(e.account_id = t.to_account_id and e.amount = t.amount), false) = false`,
  )
  for (const row of unbalanced) {
    violations.push(`transfer ${row.id}: entries are not its debit and its credit`)
  }
  violations.push(...(await creditTotalsDrift(db)))
  return violations
}

/** Where the stored credit totals (addToCreditTotals) differ from the ledger's credits. */
async function creditTotalsDrift(db: Db): Promise<LedgerViolation[]> {
  const credits = sql`credits as (
    select a.user_id, lt.kind, lt.currency, lt.amount, lt.created_at
    from ${ledgerTransfers} lt join ${accounts} a on a.id = lt.to_account_id
    where a.user_id is not null)`
  const earningKinds = sql.join(
    WEEK_EARNING_KINDS.map((kind) => sql`${kind}`),
    sql`, `,
  )
  const drift = await selectRows<{
    total: string
    key: string
    ledger: string | null
    stored: string | null
  }>(
    db,
    sql`with ${credits},
        by_kind as (select user_id, kind, currency, sum(amount) as total from credits group by 1, 2, 3),
        by_week as (
          select user_id, date_trunc('week', created_at at time zone ${GAME_TIME_ZONE}) at time zone ${GAME_TIME_ZONE} as week_start,
                 sum(amount) as gems
          from credits where currency = 'gems' and kind in (${earningKinds}) group by 1, 2)
        select 'player_credits' as total, concat_ws(' ', coalesce(l.user_id, s.user_id), coalesce(l.kind, s.kind), coalesce(l.currency, s.currency)) as key,
               l.total::text as ledger, s.total::text as stored
        from by_kind l full join ${playerCredits} s
          on s.user_id = l.user_id and s.kind = l.kind and s.currency = l.currency
        where l.total is distinct from s.total
        union all
        select 'week_gems', concat_ws(' ', coalesce(l.user_id, s.user_id), coalesce(l.week_start, s.week_start)),
               l.gems::text, s.gems::text
        from by_week l full join ${weeklyGems} s on s.user_id = l.user_id and s.week_start = l.week_start
        where l.gems is distinct from s.gems
        union all
        select 'week_earners', week_start::text, c.players::text, e.players::text
        from (select week_start, count(*) as players from ${weeklyGems} group by 1) c
          full join ${weekEarners} e using (week_start)
        where c.players is distinct from e.players
        union all
        select 'week_gems joined_at', concat_ws(' ', s.user_id, s.week_start),
               u.created_at::text, s.joined_at::text
        from ${weeklyGems} s join ${users} u on u.id = s.user_id
        where s.joined_at <> u.created_at`,
  )
  return drift.map(
    (row) =>
      `${row.total} ${row.key}: stored ${row.stored ?? 'nothing'}, the ledger says ${row.ledger ?? 'nothing'}`,
  )
}

/** Throws when the ledger breaks any of its rules (see checkLedgerInvariant). */
export async function assertLedgerInvariant(db: Db): Promise<void> {
  const violations = await checkLedgerInvariant(db)
  if (violations.length > 0) {
    throw new LedgerError(`Ledger invariant broken:\n${violations.join('\n')}`)
  }
}

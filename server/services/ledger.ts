import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm'
import { CURRENCIES, type Currency } from '../../contract/currencies'
import type { Db } from '../db/client'
import { accounts, ledgerEntries, ledgerTransfers } from '../db/schema'

/**
 * The constant supply of every currency, issued once to the system supply accounts by migration
 * 0001_issue_supply.sql. The sum of each currency over all accounts always equals this number.
 */
export const CURRENCY_SUPPLY: Readonly<Record<Currency, number>> = {
  terycarbons: 1_000_000_000_000,
  gems: 1_000_000_000_000,
  voltaCharge: 1_000_000_000_000,
  terydollars: 1_000_000_000_000,
}

/** System accounts hold value that belongs to no player. 'supply' issues every reward. */
export type SystemAccountKey = 'supply'

/** Either side of a transfer: a player's account or a system account, in the transfer's currency. */
export type AccountOwner = { userId: string } | { system: SystemAccountKey }

export class InsufficientFundsError extends Error {
  constructor(readonly currency: Currency) {
    super(`Insufficient ${currency}`)
    this.name = 'InsufficientFundsError'
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
  /** Why value moves, stored on the transfer ('welcome', 'referral', 'seed', ...). */
  kind: string
  /** When set, a second transfer with the same key fails on a unique constraint. */
  idempotencyKey?: string
}

function ownerCondition(owner: AccountOwner) {
  return 'userId' in owner
    ? and(eq(accounts.userId, owner.userId), isNull(accounts.systemKey))
    : and(eq(accounts.systemKey, owner.system), isNull(accounts.userId))
}

async function lockAccount(tx: Db, owner: AccountOwner, currency: Currency) {
  const [row] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(ownerCondition(owner), eq(accounts.currency, currency)))
    .limit(1)
  if (!row) throw new LedgerError(`No ${currency} account for ${JSON.stringify(owner)}`)
  return row.id
}

/** Creates the four currency accounts of a new player, all at zero. */
export async function openPlayerAccounts(tx: Db, userId: string): Promise<void> {
  await tx.insert(accounts).values(CURRENCIES.map((currency) => ({ userId, currency })))
}

/**
 * Moves `amount` of one currency between two accounts, inside the caller's transaction (pass the
 * transaction, not the root db, so the business change and the money move commit together).
 * Both rows are locked in id order, so opposite transfers cannot deadlock; the debit is a
 * conditional update, so a balance never goes below zero (InsufficientFundsError), and the check
 * constraint on accounts.balance backs that up.
 */
export async function transfer(tx: Db, input: TransferInput): Promise<number> {
  const { currency, amount } = input
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new LedgerError(`Transfer amount must be a positive whole number, got ${amount}`)
  }
  const fromId = await lockAccount(tx, input.from, currency)
  const toId = await lockAccount(tx, input.to, currency)
  if (fromId === toId) throw new LedgerError('A transfer needs two different accounts')

  await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(inArray(accounts.id, [fromId, toId]))
    .orderBy(asc(accounts.id))
    .for('update')

  const debited = await tx
    .update(accounts)
    .set({ balance: sql`${accounts.balance} - ${amount}` })
    .where(and(eq(accounts.id, fromId), gte(accounts.balance, amount)))
    .returning({ id: accounts.id })
  if (debited.length === 0) throw new InsufficientFundsError(currency)

  await tx
    .update(accounts)
    .set({ balance: sql`${accounts.balance} + ${amount}` })
    .where(eq(accounts.id, toId))

  const [created] = await tx
    .insert(ledgerTransfers)
    .values({
      currency,
      amount,
      fromAccountId: fromId,
      toAccountId: toId,
      kind: input.kind,
      idempotencyKey: input.idempotencyKey ?? null,
    })
    .returning({ id: ledgerTransfers.id })
  if (!created) throw new LedgerError('The transfer row was not written')

  await tx.insert(ledgerEntries).values([
    { transferId: created.id, accountId: fromId, amount: -amount },
    { transferId: created.id, accountId: toId, amount },
  ])
  return created.id
}

/** The balances of a player, whole units per currency. */
export async function getBalances(db: Db, userId: string): Promise<Record<Currency, number>> {
  const rows = await db
    .select({ currency: accounts.currency, balance: accounts.balance })
    .from(accounts)
    .where(eq(accounts.userId, userId))
  const balances: Record<Currency, number> = {
    terycarbons: 0,
    gems: 0,
    voltaCharge: 0,
    terydollars: 0,
  }
  for (const row of rows) balances[row.currency as Currency] = Number(row.balance)
  return balances
}

export type LedgerViolation = string

/**
 * Checks the money rules over the whole database and returns the violations (empty when sound):
 * every currency sums to its constant supply over all accounts (system ones included), no balance
 * is negative, every account's balance equals what it was issued plus its entries, and every
 * transfer's entries cancel out.
 */
export async function checkLedgerInvariant(db: Db): Promise<LedgerViolation[]> {
  const violations: LedgerViolation[] = []
  const sums = await db
    .select({
      currency: accounts.currency,
      total: sql<string>`sum(${accounts.balance})::text`,
      issued: sql<string>`sum(${accounts.issued})::text`,
    })
    .from(accounts)
    .groupBy(accounts.currency)
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

  const drifted = await db
    .select({ id: accounts.id, balance: accounts.balance, issued: accounts.issued })
    .from(accounts)
    .leftJoin(ledgerEntries, eq(ledgerEntries.accountId, accounts.id))
    .groupBy(accounts.id)
    .having(
      sql`${accounts.balance} < 0 or ${accounts.balance} <> ${accounts.issued} + coalesce(sum(${ledgerEntries.amount}), 0)`,
    )
  for (const row of drifted) {
    violations.push(`account ${row.id}: balance ${row.balance} does not match issued + entries`)
  }

  const unbalanced = await db
    .select({ id: ledgerEntries.transferId })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.transferId)
    .having(sql`sum(${ledgerEntries.amount}) <> 0 or count(*) <> 2`)
  for (const row of unbalanced) violations.push(`transfer ${row.id}: entries do not cancel out`)
  return violations
}

/** Throws when the ledger breaks any of its rules (see checkLedgerInvariant). */
export async function assertLedgerInvariant(db: Db): Promise<void> {
  const violations = await checkLedgerInvariant(db)
  if (violations.length > 0) {
    throw new LedgerError(`Ledger invariant broken:\n${violations.join('\n')}`)
  }
}

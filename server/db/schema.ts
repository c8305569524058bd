import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** Players. Email is stored lowercased; code is the player's own uppercase invite code. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    code: text('code').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => users.id),
    termsAgree: boolean('terms_agree').notNull().default(false),
    shareEmail: boolean('share_email').notNull().default(false),
    rankIndex: integer('rank_index').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_code_unique').on(t.code),
    index('users_parent_idx').on(t.parentId),
    check('users_rank_index_range', sql`${t.rankIndex} between 0 and 11`),
    check('users_code_upper', sql`${t.code} = upper(${t.code})`),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
)

/** Login sessions. Only the SHA-256 of the cookie token is stored, never the token itself. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/** Failed logins, kept in the database so every server instance enforces the same limits. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_failures_email_idx').on(t.email, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
  ],
)

export const currencyCheck = (column: AnyPgColumn) =>
  sql`${column} in ('terycarbons', 'gems', 'voltaCharge', 'terydollars')`

/**
 * Ledger accounts: one per player per currency, plus system accounts (user_id null, system_key
 * set). `issued` is what an account was created with (only the supply accounts hold the constant
 * supply); afterwards value only moves between accounts through ledger transfers.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id),
    systemKey: text('system_key'),
    currency: text('currency').notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    issued: bigint('issued', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('accounts_user_currency_unique').on(t.userId, t.currency),
    uniqueIndex('accounts_system_currency_unique').on(t.systemKey, t.currency),
    check('accounts_balance_not_negative', sql`${t.balance} >= 0`),
    check('accounts_issued_not_negative', sql`${t.issued} >= 0`),
    check('accounts_currency_known', currencyCheck(t.currency)),
    check('accounts_one_owner', sql`(${t.userId} is null) <> (${t.systemKey} is null)`),
  ],
)

/** One movement of value between two accounts of the same currency. */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fromAccountId: bigint('from_account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    toAccountId: bigint('to_account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    /** Why value moved (e.g. 'welcome', 'referral', 'seed'); later issues add their own kinds. */
    kind: text('kind').notNull(),
    /** Optional unique key so a reward or a purchase is paid at most once. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_transfers_idempotency_unique').on(t.idempotencyKey),
    check('ledger_transfers_amount_positive', sql`${t.amount} > 0`),
    check('ledger_transfers_distinct_accounts', sql`${t.fromAccountId} <> ${t.toAccountId}`),
    check('ledger_transfers_currency_known', currencyCheck(t.currency)),
  ],
)

/** Double entry: every transfer writes a debit (negative) and a credit (positive) line. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId),
    index('ledger_entries_transfer_idx').on(t.transferId),
    check('ledger_entries_amount_nonzero', sql`${t.amount} <> 0`),
  ],
)

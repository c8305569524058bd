import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
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

/**
 * Attempt counters for rate limits, one row per key (for example `login-pair:<email>|<ip>`), kept
 * in the database so every server instance enforces the same limits. server/services/rate-limits.ts
 * changes a row only through one conditional upsert, so concurrent attempts can't overshoot.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    /** Attempts taken in the current window. */
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
    /** Lockouts so far (each one twice as long as the last), for limits with a lockout. */
    strikes: integer('strikes').notNull().default(0),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowEndsAt)],
)

/**
 * Answers of money-moving POSTs by the caller's Idempotency-Key, so a replay gets the first answer
 * instead of a second movement (server/http/idempotency.ts). Kept 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** The stored answer; null while the first request is still running. */
    status: integer('status'),
    response: text('response'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
)

/** A flat record of ids and numbers explaining a transfer (ledger_transfers.cause). */
export type TransferCause = Readonly<Record<string, string | number | boolean | null>>

export const currencyCheck = (column: AnyPgColumn) =>
  sql`${column} in ('terycarbons', 'gems', 'voltaCharge', 'terydollars')`

/**
 * Ledger accounts: one per player per currency, plus system accounts (user_id null, system_key
 * set). `issued` is what an account was created with (only the supply accounts hold the constant
 * supply); afterwards value only moves between accounts through ledger transfers. Only player
 * accounts store a balance; a system account's balance is derived (issued + its entries), so no
 * transfer ever locks or updates a shared system row (decision 009).
 */
export const accounts = pgTable(
  'accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id),
    systemKey: text('system_key'),
    currency: text('currency').notNull(),
    /** A player's balance; null on system accounts, whose balance is issued + entries. */
    balance: bigint('balance', { mode: 'number' }).default(0),
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
    check('accounts_balance_players_only', sql`(${t.userId} is null) = (${t.balance} is null)`),
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
    /**
     * What produced the movement, for the player's history: e.g. `{ missionId }`, `{ station,
     * generation, fromUserId }`, `{ offerId }`. Null when the kind says it all.
     */
    cause: jsonb('cause').$type<TransferCause>(),
    /** Optional unique key so a reward or a purchase is paid at most once. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_transfers_idempotency_unique').on(t.idempotencyKey),
    // The game reads the ledger by day and week (team bonus, leaderboard, weekly reset).
    index('ledger_transfers_created_idx').on(t.createdAt),
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

/**
 * Scheduled jobs that ran: one row per job and period (a Bogota week, a draw's date...). The
 * unique key is what makes a job run once per period with several servers on one database.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    period: text('period').notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
)

const instant = (name: string) => timestamp(name, { withTimezone: true })

/**
 * Each player's mine (server/services/mining.ts): the mode it produces in, whether the gems mode
 * was unlocked, and when its backpack was last emptied. Created on first use.
 */
export const mines = pgTable(
  'mines',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode').notNull().default('terycarbons'),
    gemsUnlockedAt: instant('gems_unlocked_at'),
    /** Production counts from here: the last collect, or when the mine was opened. */
    lastCollectedAt: instant('last_collected_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('mines_mode_known', sql`${t.mode} in ('terycarbons', 'gems')`),
    check('mines_gems_unlocked', sql`${t.mode} = 'terycarbons' or ${t.gemsUnlockedAt} is not null`),
  ],
)

/** One run of a station: fueled at `starts_at`, producing until `ends_at`. */
export const stationRuns = pgTable(
  'station_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    station: integer('station').notNull(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
  },
  (t) => [
    index('station_runs_user_ends_idx').on(t.userId, t.endsAt),
    index('station_runs_starts_idx').on(t.startsAt),
    check('station_runs_station_range', sql`${t.station} between 1 and 9`),
    check('station_runs_positive', sql`${t.endsAt} > ${t.startsAt}`),
  ],
)

/**
 * A week a player fueled no station (the weekly reset writes it). Open until the player
 * reactivates with a code (POST /api/user/enableCode), which clears every open one.
 */
export const penalties = pgTable(
  'penalties',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Bogota week without a fueled station, by its Monday (YYYY-MM-DD). */
    week: text('week').notNull(),
    createdAt: createdAt(),
    clearedAt: instant('cleared_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.week] }),
    index('penalties_open_idx')
      .on(t.userId)
      .where(sql`${t.clearedAt} is null`),
  ],
)

/**
 * Welcome messages (contract/inbox.ts): what happened while the player was away, shown one at a
 * time after login. Any area adds one through server/services/messages.ts; `dedupe_key` makes a
 * message that a job may write twice (the weekly reset's) appear once.
 */
export const playerMessages = pgTable(
  'player_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    readAt: instant('read_at'),
  },
  (t) => [
    uniqueIndex('player_messages_dedupe_unique').on(t.userId, t.dedupeKey),
    index('player_messages_unread_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.readAt} is null`),
  ],
)

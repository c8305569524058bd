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

/**
 * The weekly lottery (SORTEO). A draw publishes `seed_hash` (SHA-256 of its secret `seed`) when
 * it opens and reveals `seed` when it is drawn, so anyone can recompute the winner
 * (docs/economy.md, "Lottery"). `closes_at` is unique: one draw per closing time.
 */
export const lotteryDraws = pgTable(
  'lottery_draws',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    prizeCurrency: text('prize_currency').notNull(),
    prizeAmount: bigint('prize_amount', { mode: 'number' }).notNull(),
    entryCurrency: text('entry_currency').notNull(),
    entryPrice: bigint('entry_price', { mode: 'number' }).notNull(),
    seedHash: text('seed_hash').notNull(),
    /** The secret seed. Never served while the draw is open. */
    seed: text('seed').notNull(),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    entries: integer('entries'),
    winnerTicket: integer('winner_ticket'),
    winnerUserId: uuid('winner_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('lottery_draws_number_unique').on(t.number),
    uniqueIndex('lottery_draws_closes_at_unique').on(t.closesAt),
    check('lottery_draws_prize_currency_known', currencyCheck(t.prizeCurrency)),
    check('lottery_draws_entry_currency_known', currencyCheck(t.entryCurrency)),
    check('lottery_draws_drawn_complete', sql`(${t.drawnAt} is null) = (${t.entries} is null)`),
  ],
)

/**
 * Entries of a draw, one per player. Tickets are numbered 1..n in entry order when the draw runs
 * (null before), so concurrent entries never contend for a counter.
 */
export const lotteryEntries = pgTable(
  'lottery_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    drawId: uuid('draw_id')
      .notNull()
      .references(() => lotteryDraws.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    ticket: integer('ticket'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('lottery_entries_draw_user_unique').on(t.drawId, t.userId),
    uniqueIndex('lottery_entries_draw_ticket_unique').on(t.drawId, t.ticket),
    index('lottery_entries_user_idx').on(t.userId),
  ],
)

/** Training lessons (seeded content): a track, a position in it, the text and the quiz. */
export const trainingResources = pgTable(
  'training_resources',
  {
    id: text('id').primaryKey(),
    track: text('track').notNull(),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    minutes: integer('minutes').notNull(),
    sections: jsonb('sections').$type<{ heading: string; paragraphs: string[] }[]>().notNull(),
    /** Questions with their options and the index of the right one (never served). */
    quiz: jsonb('quiz')
      .$type<{ question: string; options: string[]; answer: number }[]>()
      .notNull(),
  },
  (t) => [uniqueIndex('training_resources_track_position_unique').on(t.track, t.position)],
)

/**
 * Lessons a player finished. One row per lesson, and one per Bogota day: the two unique keys are
 * the daily rule, so two lessons finished at once on one day can't both pay.
 */
export const trainingCompletions = pgTable(
  'training_completions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    resourceId: text('resource_id')
      .notNull()
      .references(() => trainingResources.id),
    day: text('day').notNull(),
    rewardCurrency: text('reward_currency').notNull(),
    rewardAmount: bigint('reward_amount', { mode: 'number' }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.resourceId] }),
    uniqueIndex('training_completions_user_day_unique').on(t.userId, t.day),
    check('training_completions_currency_known', currencyCheck(t.rewardCurrency)),
  ],
)

/**
 * A player's music account: the email they registered, then the provider's account and tokens
 * once linked. A provider account (and its email) belongs to one player only.
 */
export const musicLinks = pgTable(
  'music_links',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    provider: text('provider').notNull(),
    email: text('email').notNull(),
    accountId: text('account_id'),
    accountName: text('account_name'),
    /** SHA-256 of the OAuth `state` of the authorization under way, and when it expires. */
    oauthStateHash: text('oauth_state_hash'),
    oauthStateExpiresAt: timestamp('oauth_state_expires_at', { withTimezone: true }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    strikes: integer('strikes').notNull().default(0),
    strikeUnseen: boolean('strike_unseen').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('music_links_provider_email_unique').on(t.provider, t.email),
    uniqueIndex('music_links_provider_account_unique').on(t.provider, t.accountId),
    uniqueIndex('music_links_oauth_state_unique').on(t.oauthStateHash),
    check('music_links_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
)

/** Plays synced from the provider, each once per player, and what the audit made of them. */
export const musicPlays = pgTable(
  'music_plays',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    trackId: text('track_id').notNull(),
    trackName: text('track_name').notNull(),
    artistName: text('artist_name').notNull(),
    durationMs: integer('duration_ms').notNull(),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull(),
    /** The Bogota day it was played on: the daily limits count these. */
    day: text('day').notNull(),
    state: text('state').notNull().default('pending'),
    reason: text('reason'),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('music_plays_user_play_unique').on(t.userId, t.trackId, t.playedAt),
    index('music_plays_user_state_idx').on(t.userId, t.state),
    check(
      'music_plays_state_known',
      sql`${t.state} in ('pending', 'accepted', 'rejected', 'claimable', 'claimed')`,
    ),
  ],
)

/** Devices that opened the music section, each bound to the first player seen on it. */
export const musicDevices = pgTable('music_devices', {
  deviceId: text('device_id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
})

/**
 * The local music provider's own listening history (it simulates a streaming service on this
 * server): plays recorded by the operator CLI and the demo seed for an account's email.
 */
export const localMusicPlays = pgTable(
  'local_music_plays',
  {
    accountEmail: text('account_email').notNull(),
    trackId: text('track_id').notNull(),
    trackName: text('track_name').notNull(),
    artistName: text('artist_name').notNull(),
    durationMs: integer('duration_ms').notNull(),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountEmail, t.playedAt] })],
)

import { sql } from 'drizzle-orm'
import {
  bigint,
  customType,
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

/** Every time is stored with its zone: the game's days are Bogota's, its clients anywhere. */
const instant = (name: string) => timestamp(name, { withTimezone: true })
const createdAt = () => instant('created_at').notNull().defaultNow()
/** A row's own id, a random UUID. */
const uuidKey = () => uuid('id').primaryKey().defaultRandom()
/** A player the row names (`user_id` unless said); no cascade: the row holds the account. */
const playerId = (name = 'user_id') =>
  uuid(name)
    .notNull()
    .references(() => users.id)
/** The player a row belongs to: it goes with the player's account. */
const ownerId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })

/** Players. Email is stored lowercased; code is the player's own uppercase invite code. */
export const users = pgTable(
  'users',
  {
    id: uuidKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    code: text('code').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => users.id),
    termsAgree: boolean('terms_agree').notNull().default(false),
    shareEmail: boolean('share_email').notNull().default(false),
    rankIndex: integer('rank_index').notNull().default(0),
    /**
     * When the player first earned a reward by playing (a verified social mission claimed, a video
     * finished: decision 026), null until then. Set once, by a conditional update, in the
     * transaction of that reward, which also pays the parent's referral reward for this player.
     * Rank gems wait for it (a signup that never played claims nothing).
     */
    firstPlayedAt: instant('first_played_at'),
    /**
     * The address and the device (the browser's device id) a signup came from, for the risk
     * signals an operator reads before paying a payout (issue 29: a team created from one place);
     * null for players an operator or the seed created, and for those who signed up before.
     */
    signupAddress: text('signup_address'),
    signupDevice: text('signup_device'),
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
    userId: ownerId(),
    createdAt: createdAt(),
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
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
    windowEndsAt: instant('window_ends_at').notNull(),
    /** Lockouts so far (each one twice as long as the last), for limits with a lockout. */
    strikes: integer('strikes').notNull().default(0),
    blockedUntil: instant('blocked_until'),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowEndsAt)],
)

/**
 * Keys the servers share, made by the first one that needs each (one row per name): the key that
 * signs device cookies (server/services/device-cookies.ts). Every server on one PostgreSQL signs
 * and checks with the same key, and a restart keeps it.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
})

/**
 * Answers of money-moving POSTs by the caller's Idempotency-Key, so a replay gets the first answer
 * instead of a second movement (server/http/idempotency.ts). Kept 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: ownerId(),
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

/*
 * Totals kept beside the ledger, so the profile, the team and the leaderboard read a row instead
 * of summing the ledger or walking the referral tree (decision 019). Each is written in the same
 * transaction as what it counts, by the one function that writes that: transfer() for the two
 * credit totals, createPlayer() for the team's links and levels. tests/server/stored-totals.test.ts recomputes
 * them from the ledger and the tree.
 */

/** Everything the ledger credited a player, per kind and currency. */
export const playerCredits = pgTable(
  'player_credits',
  {
    userId: playerId(),
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.currency] }),
    check('player_credits_currency_known', currencyCheck(t.currency)),
    check('player_credits_total_positive', sql`${t.total} > 0`),
  ],
)

/**
 * The gems of the week's earning kinds (WEEK_EARNING_KINDS) credited a player in a Bogota week.
 * `joined_at` is the player's `created_at`, the leaderboard's tie-break, so that its order (most
 * gems, then who joined first) is an index (decision 023): a page and a position are index reads.
 */
export const weeklyGems = pgTable(
  'week_gems',
  {
    /** Monday 00:00 in Bogota (startOfBogotaWeek) of the transfers' created_at. */
    weekStart: instant('week_start').notNull(),
    userId: playerId(),
    gems: bigint('gems', { mode: 'number' }).notNull(),
    joinedAt: instant('joined_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.weekStart, t.userId] }),
    index('week_gems_ranking_idx').on(t.weekStart, t.gems.desc(), t.joinedAt, t.userId),
    check('week_gems_positive', sql`${t.gems} > 0`),
  ],
)

/**
 * How many players have a row in week_gems for a Bogota week: the leaderboard's total without
 * counting the week (decision 023). transfer() adds 1 in the statement that inserts a player's
 * first row of a week, so the count moves with the rows it counts, in their transaction.
 */
export const weekEarners = pgTable(
  'week_earners',
  {
    weekStart: instant('week_start').primaryKey(),
    players: integer('players').notNull(),
  },
  (t) => [check('week_earners_positive', sql`${t.players} > 0`)],
)

/**
 * The referral tree as a closure table (decision 023): one row for every player and each sponsor
 * above them up to TEAM_GENERATIONS, with the generation the member is in below that sponsor (1
 * for a direct referral). createPlayer() writes a new player's rows, their parent's rows one
 * generation further plus one for the parent, so a team, a generation and its page are index
 * ranges, never a walk of the tree. `joined_at` is the member's `created_at`, kept here so a
 * generation's page is read in the lists' order (oldest first) from the key alone.
 */
export const teamLinks = pgTable(
  'team_links',
  {
    ancestorId: playerId('ancestor_id'),
    generation: integer('generation').notNull(),
    joinedAt: instant('joined_at').notNull(),
    memberId: playerId('member_id'),
  },
  (t) => [
    primaryKey({ columns: [t.ancestorId, t.generation, t.joinedAt, t.memberId] }),
    uniqueIndex('team_links_member_ancestor_unique').on(t.memberId, t.ancestorId),
    // TEAM_GENERATIONS (server/services/rules.ts)
    check('team_links_generation_range', sql`${t.generation} between 1 and 8`),
  ],
)

/**
 * How many members each generation of a player's team holds, and how many of them qualified (they
 * played: `users.first_played_at`, decision 026), the ones rank requirements count; no row for an
 * empty generation.
 */
export const teamLevels = pgTable(
  'team_levels',
  {
    userId: playerId(),
    generation: integer('generation').notNull(),
    members: integer('members').notNull(),
    qualified: integer('qualified').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.generation] }),
    check('team_levels_members_positive', sql`${t.members} > 0`),
    check('team_levels_qualified_range', sql`${t.qualified} between 0 and ${t.members}`),
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
    ranAt: instant('ran_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
)

/**
 * Players' social accounts, one per network (the spec's types 2 to 5). State 2 is pending, 3
 * verified, 4 rejected (with the operator's reason). A handle belongs to one player at a time:
 * a rejected row frees it. With SEED=demo, `auto_verify_at` lets the demo verify by itself: reads
 * settle rows whose time has come (server/services/social-accounts.ts); nothing runs on a timer.
 */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: uuidKey(),
    userId: ownerId(),
    network: integer('network').notNull(),
    /** The normalized handle (contract/missions.ts normalizeSocialAccount). */
    handle: text('handle').notNull(),
    state: integer('state').notNull().default(2),
    rejectionReason: text('rejection_reason'),
    autoVerifyAt: instant('auto_verify_at'),
    createdAt: createdAt(),
    reviewedAt: instant('reviewed_at'),
  },
  (t) => [
    uniqueIndex('social_accounts_user_network_unique').on(t.userId, t.network),
    uniqueIndex('social_accounts_handle_unique')
      .on(t.network, t.handle)
      .where(sql`${t.state} <> 4`),
    check('social_accounts_network_known', sql`${t.network} between 2 and 5`),
    check('social_accounts_state_known', sql`${t.state} between 2 and 4`),
  ],
)

/**
 * Missions: social missions (a network, a link, gems), videos (a clip, its duration, terycarbons,
 * maybe a playlist) and playlists (gems for finishing their videos, volta charge per video).
 * `owner_id` set: a mission only that player sees (activated for them, by a coupon).
 */
export const missions = pgTable(
  'missions',
  {
    id: uuidKey(),
    type: text('type').notNull(),
    network: integer('network'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    link: text('link'),
    videoSrc: text('video_src'),
    durationSeconds: integer('duration_seconds'),
    playlistId: uuid('playlist_id').references((): AnyPgColumn => missions.id),
    position: integer('position').notNull().default(0),
    reward: integer('reward').notNull(),
    /** Playlists: the volta charge each of their finished videos adds to the player's charge. */
    volta: integer('volta').notNull().default(0),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('missions_type_network_idx').on(t.type, t.network),
    index('missions_playlist_idx').on(t.playlistId),
    check('missions_type_known', sql`${t.type} in ('social', 'video', 'playlist')`),
    check('missions_reward_positive', sql`${t.reward} > 0`),
    check('missions_volta_not_negative', sql`${t.volta} >= 0`),
    check(
      'missions_social_shape',
      sql`(${t.type} = 'social') = (${t.network} is not null and ${t.link} is not null)`,
    ),
    check(
      'missions_video_shape',
      sql`(${t.type} = 'video') = (${t.videoSrc} is not null and coalesce(${t.durationSeconds}, 0) > 0)`,
    ),
  ],
)

/**
 * A player's progress on a social mission or a playlist: added, claimable (the network showed the
 * action), claimed. One row per player and mission, so a mission is taken and paid once.
 * `source` says who gave it: the player took it, or a coupon activated it for them.
 */
export const missionAssignments = pgTable(
  'mission_assignments',
  {
    id: uuidKey(),
    missionId: uuid('mission_id')
      .notNull()
      .references(() => missions.id),
    userId: ownerId(),
    state: text('state').notNull(),
    source: text('source').notNull().default('player'),
    addedAt: instant('added_at').notNull(),
    claimedAt: instant('claimed_at'),
  },
  (t) => [
    uniqueIndex('mission_assignments_user_mission_unique').on(t.userId, t.missionId),
    check('mission_assignments_state_known', sql`${t.state} in ('added', 'claimable', 'claimed')`),
    check('mission_assignments_source_known', sql`${t.source} in ('player', 'coupon')`),
  ],
)

/**
 * Missions taken per player and Bogota day: the daily cap is one conditional upsert on this row,
 * so concurrent adds can never take more than the rank allows.
 */
export const missionDays = pgTable(
  'mission_days',
  {
    userId: ownerId(),
    /** `2026-11-23`, the Bogota calendar day. */
    day: text('day').notNull(),
    taken: integer('taken').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
)

/**
 * A player's view of a video, one row per player and video: play opens (or reopens) it with a
 * server-side start time and a new key to claim; restart sets both again; finish closes it once,
 * with the latest key, when the video's duration has passed since the start. The key is no
 * credential (finish also needs the owner's session): it ties a finish to the latest start, so a
 * tab left behind by a restart cannot claim. `disabled_until`: the video is disabled for the
 * player until then (they asked to finish before the time).
 */
export const videoViews = pgTable(
  'video_views',
  {
    id: uuidKey(),
    missionId: uuid('mission_id')
      .notNull()
      .references(() => missions.id),
    userId: ownerId(),
    deviceId: text('device_id').notNull(),
    claimKey: text('claim_key'),
    startedAt: instant('started_at'),
    finishedAt: instant('finished_at'),
    disabledUntil: instant('disabled_until'),
    restarts: integer('restarts').notNull().default(0),
  },
  (t) => [uniqueIndex('video_views_user_mission_unique').on(t.userId, t.missionId)],
)

/**
 * Rewards that wait for the player to claim them: volta charge built up by playlist videos
 * (`volta`), and the share of referrals' claims a parent collects (`referral`). A claim marks the
 * open rows with its id in one statement and pays their sum in one ledger transfer.
 */
export const pendingRewards = pgTable(
  'pending_rewards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: ownerId(),
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
    /** What the player reads next to it: the video, or the referral and the mission. */
    label: text('label').notNull(),
    cause: jsonb('cause').$type<TransferCause>(),
    createdAt: createdAt(),
    claimId: uuid('claim_id'),
    claimedAt: instant('claimed_at'),
  },
  (t) => [
    index('pending_rewards_open_idx')
      .on(t.userId, t.kind)
      .where(sql`${t.claimId} is null`),
    check('pending_rewards_kind_known', sql`${t.kind} in ('volta', 'referral')`),
    check('pending_rewards_amount_positive', sql`${t.amount} > 0`),
  ],
)

/**
 * Devices players use for missions (a random id the browser keeps): the first players of a
 * device may use it, later ones are refused (server/services/devices.ts).
 */
export const devices = pgTable(
  'devices',
  {
    /** The order players were first seen in, device by device. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    deviceId: text('device_id').notNull(),
    userId: ownerId(),
    firstSeenAt: instant('first_seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.userId] })],
)

/** What the game tells a player (an account verified, a reward paid), in Spanish. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: ownerId(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    viewedAt: instant('viewed_at'),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
)

/** Raw bytes (an uploaded image): Uint8Array on PGlite, Buffer (a Uint8Array) on postgres.js. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
})

/**
 * Uploaded files kept in the database, so several servers on one PostgreSQL share them
 * (server/services/file-store.ts); on PGlite they are files under DATA_DIR instead.
 */
export const uploads = pgTable('uploads', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
})

const orderStates = sql`('awaitingVoucher', 'voucherSent', 'approved', 'rejected')`

/**
 * Orders of terydollars paid outside the game (crypto, PayPal, Nequi, a bank). The player sends
 * a voucher; an operator approves (the terydollars are credited, once) or rejects it. A player
 * has at most one open order (the partial unique index).
 */
export const terydollarOrders = pgTable(
  'terydollar_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: playerId(),
    method: text('method').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    payAmount: bigint('pay_amount', { mode: 'number' }).notNull(),
    payCurrency: text('pay_currency').notNull(),
    state: text('state').notNull().default('awaitingVoucher'),
    /** Where the voucher is kept (file-store key), its type and size. */
    voucherKey: text('voucher_key'),
    voucherType: text('voucher_type'),
    voucherBytes: integer('voucher_bytes'),
    voucherSentAt: instant('voucher_sent_at'),
    reviewedAt: instant('reviewed_at'),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('terydollar_orders_one_open')
      .on(t.userId)
      .where(sql`${t.state} in ('awaitingVoucher', 'voucherSent')`),
    index('terydollar_orders_user_idx').on(t.userId, t.createdAt),
    index('terydollar_orders_state_idx').on(t.state, t.voucherSentAt),
    check('terydollar_orders_amount_positive', sql`${t.amount} > 0`),
    check('terydollar_orders_state_known', sql`${t.state} in ${orderStates}`),
  ],
)

/**
 * Sell offers of the trading board: `amount` terydollars (held by the 'trading-escrow' system
 * account while open) for `price` gems each. The state moves once, open to sold or cancelled,
 * by a conditional update: that update is what releases the escrow exactly once.
 */
export const tradingOffers = pgTable(
  'trading_offers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: playerId('seller_id'),
    buyerId: uuid('buyer_id').references(() => users.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    state: text('state').notNull().default('open'),
    createdAt: createdAt(),
    closedAt: instant('closed_at'),
  },
  (t) => [
    index('trading_offers_open_idx').on(t.state, t.createdAt),
    index('trading_offers_seller_idx').on(t.sellerId, t.createdAt),
    index('trading_offers_buyer_idx').on(t.buyerId, t.closedAt),
    check('trading_offers_positive', sql`${t.amount} > 0 and ${t.price} > 0 and ${t.fee} >= 0`),
    check(
      'trading_offers_total',
      sql`${t.total} = ${t.amount} * ${t.price} and ${t.fee} <= ${t.total}`,
    ),
    check('trading_offers_state_known', sql`${t.state} in ('open', 'sold', 'cancelled')`),
    check('trading_offers_not_own', sql`${t.buyerId} is null or ${t.buyerId} <> ${t.sellerId}`),
    check('trading_offers_sold_has_buyer', sql`(${t.state} = 'sold') = (${t.buyerId} is not null)`),
  ],
)

/**
 * A player's batteries. Gems accrue from the batteries held, computed from timestamps: every
 * change first settles what accrued since `accrued_at` (in thousandths of a gem) at the old count.
 */
export const batteryHoldings = pgTable(
  'battery_holdings',
  {
    userId: playerId().primaryKey(),
    batteries: integer('batteries').notNull().default(0),
    /** Produced and not collected, in thousandths of a gem. */
    accruedMilli: bigint('accrued_milli', { mode: 'number' }).notNull().default(0),
    accruedAt: instant('accrued_at').notNull(),
    collectedGems: bigint('collected_gems', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    check('battery_holdings_batteries', sql`${t.batteries} >= 0`),
    check('battery_holdings_accrued', sql`${t.accruedMilli} >= 0`),
  ],
)

/** The terycarbon battery of a player: what is paid of its price; active once fully paid. */
export const terycarbonBatteries = pgTable(
  'terycarbon_batteries',
  {
    userId: playerId().primaryKey(),
    paid: bigint('paid', { mode: 'number' }).notNull().default(0),
    completedAt: instant('completed_at'),
  },
  (t) => [check('terycarbon_batteries_paid', sql`${t.paid} >= 0`)],
)

/**
 * Gems sent to another player by code. Sent at once, or held in the 'gem-transfers' system
 * account until `release_at` (large amounts); the release moves pending to sent once.
 */
export const gemTransfers = pgTable(
  'gem_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fromUserId: playerId('from_user_id'),
    toUserId: playerId('to_user_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    state: text('state').notNull(),
    releaseAt: instant('release_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('gem_transfers_from_idx').on(t.fromUserId, t.createdAt),
    index('gem_transfers_to_idx').on(t.toUserId, t.createdAt),
    index('gem_transfers_pending_idx').on(t.state, t.releaseAt),
    check('gem_transfers_amount_positive', sql`${t.amount} > 0`),
    check('gem_transfers_not_self', sql`${t.fromUserId} <> ${t.toUserId}`),
    check('gem_transfers_state_known', sql`${t.state} in ('pending', 'sent')`),
  ],
)

/** Where a player is paid, one account per payment method. */
export const wallets = pgTable(
  'wallets',
  {
    userId: playerId(),
    method: text('method').notNull(),
    address: text('address').notNull(),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.method] })],
)

/**
 * Gems converted to money: held in 'market-escrow' (the fee in 'market-fees') until an operator
 * pays the wallet (sent) or rejects it (the gems and the fee go back). The state moves once.
 */
export const marketPayouts = pgTable(
  'market_payouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: playerId(),
    symbol: text('symbol').notNull(),
    address: text('address').notNull(),
    gems: bigint('gems', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    valueCents: bigint('value_cents', { mode: 'number' }).notNull(),
    state: text('state').notNull().default('pending'),
    reason: text('reason'),
    createdAt: createdAt(),
    processedAt: instant('processed_at'),
  },
  (t) => [
    index('market_payouts_user_idx').on(t.userId, t.createdAt),
    index('market_payouts_state_idx').on(t.state, t.createdAt),
    check('market_payouts_amounts', sql`${t.gems} > 0 and ${t.fee} >= 0 and ${t.fee} < ${t.gems}`),
    check('market_payouts_state_known', sql`${t.state} in ('pending', 'held', 'sent', 'rejected')`),
  ],
)

/**
 * Each player's mine (server/services/mining.ts): the mode it produces in, whether the gems mode
 * was unlocked, and when its backpack was last emptied. Created on first use.
 */
export const mines = pgTable(
  'mines',
  {
    userId: ownerId().primaryKey(),
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
    userId: ownerId(),
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
    userId: ownerId(),
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
    id: uuidKey(),
    userId: ownerId(),
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

/**
 * The weekly lottery (SORTEO). A draw publishes `seed_hash` (SHA-256 of its secret `seed`) when
 * it opens and reveals `seed` when it is drawn, so anyone can recompute the winner
 * (docs/economy.md, "Lottery"). `closes_at` is unique: one draw per closing time.
 */
export const lotteryDraws = pgTable(
  'lottery_draws',
  {
    id: uuidKey(),
    number: integer('number').notNull(),
    closesAt: instant('closes_at').notNull(),
    prizeCurrency: text('prize_currency').notNull(),
    prizeAmount: bigint('prize_amount', { mode: 'number' }).notNull(),
    entryCurrency: text('entry_currency').notNull(),
    entryPrice: bigint('entry_price', { mode: 'number' }).notNull(),
    seedHash: text('seed_hash').notNull(),
    /** The secret seed. Never served while the draw is open. */
    seed: text('seed').notNull(),
    drawnAt: instant('drawn_at'),
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
    userId: playerId(),
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
    userId: playerId(),
    resourceId: text('resource_id')
      .notNull()
      .references(() => trainingResources.id),
    day: text('day').notNull(),
    rewardCurrency: text('reward_currency').notNull(),
    rewardAmount: bigint('reward_amount', { mode: 'number' }).notNull(),
    finishedAt: instant('finished_at').notNull(),
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
    userId: playerId().primaryKey(),
    provider: text('provider').notNull(),
    email: text('email').notNull(),
    accountId: text('account_id'),
    accountName: text('account_name'),
    /** SHA-256 of the OAuth `state` of the authorization under way, and when it expires. */
    oauthStateHash: text('oauth_state_hash'),
    oauthStateExpiresAt: instant('oauth_state_expires_at'),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    tokenExpiresAt: instant('token_expires_at'),
    linkedAt: instant('linked_at'),
    lastSyncedAt: instant('last_synced_at'),
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
    userId: playerId(),
    trackId: text('track_id').notNull(),
    trackName: text('track_name').notNull(),
    artistName: text('artist_name').notNull(),
    durationMs: integer('duration_ms').notNull(),
    playedAt: instant('played_at').notNull(),
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
  userId: playerId(),
  firstSeenAt: instant('first_seen_at').notNull(),
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
    playedAt: instant('played_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountEmail, t.playedAt] })],
)

/**
 * Express coupons (docs/economy.md, "Express coupons"). A coupon is bought `pending` (its price
 * paid), `active` from its activation until `expires_at` (its missions are the player's), then
 * `claimable` when every mission was claimed in time, `claimed` once its reward is paid, or
 * `expired` when its time ran out first. Price, reward and duration are the terms of the day it was
 * bought. At most one unfinished coupon per player: a partial unique index, so concurrent buys
 * cannot open two.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuidKey(),
    userId: ownerId(),
    state: text('state').notNull(),
    priceCurrency: text('price_currency').notNull(),
    priceAmount: bigint('price_amount', { mode: 'number' }).notNull(),
    rewardCurrency: text('reward_currency').notNull(),
    rewardAmount: bigint('reward_amount', { mode: 'number' }).notNull(),
    durationHours: integer('duration_hours').notNull(),
    boughtAt: instant('bought_at').notNull(),
    activatedAt: instant('activated_at'),
    expiresAt: instant('expires_at'),
    claimedAt: instant('claimed_at'),
  },
  (t) => [
    uniqueIndex('coupons_one_open_per_player')
      .on(t.userId)
      .where(sql`${t.state} in ('pending', 'active', 'claimable')`),
    index('coupons_user_bought_idx').on(t.userId, t.boughtAt),
    index('coupons_active_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} = 'active'`),
    check(
      'coupons_state_known',
      sql`${t.state} in ('pending', 'active', 'claimable', 'claimed', 'expired')`,
    ),
    check('coupons_price_currency_known', currencyCheck(t.priceCurrency)),
    check('coupons_reward_currency_known', currencyCheck(t.rewardCurrency)),
    check('coupons_amounts_positive', sql`${t.priceAmount} > 0 and ${t.rewardAmount} > 0`),
    check('coupons_duration_positive', sql`${t.durationHours} > 0`),
    check(
      'coupons_activation_complete',
      sql`(${t.activatedAt} is null) = (${t.expiresAt} is null) and (${t.state} = 'pending') = (${t.activatedAt} is null)`,
    ),
    check('coupons_claimed_complete', sql`(${t.state} = 'claimed') = (${t.claimedAt} is not null)`),
  ],
)

/** The missions a coupon's activation created for its player, in the order the coupon lists them. */
export const couponMissions = pgTable(
  'coupon_missions',
  {
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    missionId: uuid('mission_id')
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.couponId, t.missionId] }),
    uniqueIndex('coupon_missions_mission_unique').on(t.missionId),
  ],
)

/**
 * The live stream's events (contract/live.ts), one row per event, written by the transaction of
 * the change that causes it (server/db/live-outbox.ts) and announced with NOTIFY at its commit.
 * `user_id` null is an event for every player. Ids follow commit order (the outbox takes the
 * live-order lock before it inserts), so a stream that reconnects asks for `id > Last-Event-ID`.
 * Rows older than a day are swept; `live_horizon` remembers the last id swept, below which a
 * replay is no longer possible (decision 022).
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('live_events_user_idx').on(t.userId, t.id),
    index('live_events_created_idx').on(t.createdAt),
  ],
)

/** One row: the highest live event id swept away (0 before the first sweep). */
export const liveHorizon = pgTable(
  'live_horizon',
  {
    one: boolean('one').primaryKey().default(true),
    sweptThrough: bigint('swept_through', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('live_horizon_one_row', sql`${t.one}`)],
)

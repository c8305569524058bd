CREATE TABLE "battery_holdings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"batteries" integer DEFAULT 0 NOT NULL,
	"accrued_milli" bigint DEFAULT 0 NOT NULL,
	"accrued_at" timestamp with time zone NOT NULL,
	"collected_gems" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "battery_holdings_batteries" CHECK ("battery_holdings"."batteries" >= 0),
	CONSTRAINT "battery_holdings_accrued" CHECK ("battery_holdings"."accrued_milli" >= 0)
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"seq" bigserial NOT NULL,
	"device_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "devices_device_id_user_id_pk" PRIMARY KEY("device_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "gem_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"from_user_id" uuid NOT NULL,
	"to_user_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"state" text NOT NULL,
	"release_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gem_transfers_amount_positive" CHECK ("gem_transfers"."amount" > 0),
	CONSTRAINT "gem_transfers_not_self" CHECK ("gem_transfers"."from_user_id" <> "gem_transfers"."to_user_id"),
	CONSTRAINT "gem_transfers_state_known" CHECK ("gem_transfers"."state" in ('pending', 'sent'))
);
--> statement-breakpoint
CREATE TABLE "local_music_plays" (
	"account_email" text NOT NULL,
	"track_id" text NOT NULL,
	"track_name" text NOT NULL,
	"artist_name" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"played_at" timestamp with time zone NOT NULL,
	CONSTRAINT "local_music_plays_account_email_played_at_pk" PRIMARY KEY("account_email","played_at")
);
--> statement-breakpoint
CREATE TABLE "lottery_draws" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"prize_currency" text NOT NULL,
	"prize_amount" bigint NOT NULL,
	"entry_currency" text NOT NULL,
	"entry_price" bigint NOT NULL,
	"seed_hash" text NOT NULL,
	"seed" text NOT NULL,
	"drawn_at" timestamp with time zone,
	"entries" integer,
	"winner_ticket" integer,
	"winner_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lottery_draws_prize_currency_known" CHECK ("lottery_draws"."prize_currency" in ('terycarbons', 'gems', 'voltaCharge', 'terydollars')),
	CONSTRAINT "lottery_draws_entry_currency_known" CHECK ("lottery_draws"."entry_currency" in ('terycarbons', 'gems', 'voltaCharge', 'terydollars')),
	CONSTRAINT "lottery_draws_drawn_complete" CHECK (("lottery_draws"."drawn_at" is null) = ("lottery_draws"."entries" is null))
);
--> statement-breakpoint
CREATE TABLE "lottery_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"draw_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"ticket" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"address" text NOT NULL,
	"gems" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"value_cents" bigint NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "market_payouts_amounts" CHECK ("market_payouts"."gems" > 0 and "market_payouts"."fee" >= 0 and "market_payouts"."fee" < "market_payouts"."gems"),
	CONSTRAINT "market_payouts_state_known" CHECK ("market_payouts"."state" in ('pending', 'sent', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "mines" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'terycarbons' NOT NULL,
	"gems_unlocked_at" timestamp with time zone,
	"last_collected_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mines_mode_known" CHECK ("mines"."mode" in ('terycarbons', 'gems')),
	CONSTRAINT "mines_gems_unlocked" CHECK ("mines"."mode" = 'terycarbons' or "mines"."gems_unlocked_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "mission_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mission_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text NOT NULL,
	"source" text DEFAULT 'player' NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "mission_assignments_state_known" CHECK ("mission_assignments"."state" in ('added', 'claimable', 'claimed')),
	CONSTRAINT "mission_assignments_source_known" CHECK ("mission_assignments"."source" in ('player', 'coupon'))
);
--> statement-breakpoint
CREATE TABLE "mission_days" (
	"user_id" uuid NOT NULL,
	"day" text NOT NULL,
	"taken" integer NOT NULL,
	CONSTRAINT "mission_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "missions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"network" integer,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"link" text,
	"video_src" text,
	"duration_seconds" integer,
	"playlist_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"reward" integer NOT NULL,
	"volta" integer DEFAULT 0 NOT NULL,
	"owner_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "missions_type_known" CHECK ("missions"."type" in ('social', 'video', 'playlist')),
	CONSTRAINT "missions_reward_positive" CHECK ("missions"."reward" > 0),
	CONSTRAINT "missions_volta_not_negative" CHECK ("missions"."volta" >= 0),
	CONSTRAINT "missions_social_shape" CHECK (("missions"."type" = 'social') = ("missions"."network" is not null and "missions"."link" is not null)),
	CONSTRAINT "missions_video_shape" CHECK (("missions"."type" = 'video') = ("missions"."video_src" is not null and coalesce("missions"."duration_seconds", 0) > 0))
);
--> statement-breakpoint
CREATE TABLE "music_devices" (
	"device_id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "music_links" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"email" text NOT NULL,
	"account_id" text,
	"account_name" text,
	"oauth_state_hash" text,
	"oauth_state_expires_at" timestamp with time zone,
	"access_token" text,
	"refresh_token" text,
	"token_expires_at" timestamp with time zone,
	"linked_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"strikes" integer DEFAULT 0 NOT NULL,
	"strike_unseen" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "music_links_email_lower" CHECK ("music_links"."email" = lower("music_links"."email"))
);
--> statement-breakpoint
CREATE TABLE "music_plays" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"track_id" text NOT NULL,
	"track_name" text NOT NULL,
	"artist_name" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"played_at" timestamp with time zone NOT NULL,
	"day" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"amount" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "music_plays_state_known" CHECK ("music_plays"."state" in ('pending', 'accepted', 'rejected', 'claimable', 'claimed'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"viewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "penalties" (
	"user_id" uuid NOT NULL,
	"week" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone,
	CONSTRAINT "penalties_user_id_week_pk" PRIMARY KEY("user_id","week")
);
--> statement-breakpoint
CREATE TABLE "pending_rewards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"label" text NOT NULL,
	"cause" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claim_id" uuid,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "pending_rewards_kind_known" CHECK ("pending_rewards"."kind" in ('volta', 'referral')),
	CONSTRAINT "pending_rewards_amount_positive" CHECK ("pending_rewards"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "player_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "social_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"network" integer NOT NULL,
	"handle" text NOT NULL,
	"state" integer DEFAULT 2 NOT NULL,
	"rejection_reason" text,
	"auto_verify_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "social_accounts_network_known" CHECK ("social_accounts"."network" between 2 and 5),
	CONSTRAINT "social_accounts_state_known" CHECK ("social_accounts"."state" between 2 and 4)
);
--> statement-breakpoint
CREATE TABLE "station_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"station" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "station_runs_station_range" CHECK ("station_runs"."station" between 1 and 9),
	CONSTRAINT "station_runs_positive" CHECK ("station_runs"."ends_at" > "station_runs"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "terycarbon_batteries" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "terycarbon_batteries_paid" CHECK ("terycarbon_batteries"."paid" >= 0)
);
--> statement-breakpoint
CREATE TABLE "terydollar_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount" bigint NOT NULL,
	"pay_amount" bigint NOT NULL,
	"pay_currency" text NOT NULL,
	"state" text DEFAULT 'awaitingVoucher' NOT NULL,
	"voucher_key" text,
	"voucher_type" text,
	"voucher_bytes" integer,
	"voucher_sent_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terydollar_orders_amount_positive" CHECK ("terydollar_orders"."amount" > 0),
	CONSTRAINT "terydollar_orders_state_known" CHECK ("terydollar_orders"."state" in ('awaitingVoucher', 'voucherSent', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "trading_offers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" uuid NOT NULL,
	"buyer_id" uuid,
	"amount" bigint NOT NULL,
	"price" bigint NOT NULL,
	"total" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "trading_offers_positive" CHECK ("trading_offers"."amount" > 0 and "trading_offers"."price" > 0 and "trading_offers"."fee" >= 0),
	CONSTRAINT "trading_offers_total" CHECK ("trading_offers"."total" = "trading_offers"."amount" * "trading_offers"."price" and "trading_offers"."fee" <= "trading_offers"."total"),
	CONSTRAINT "trading_offers_state_known" CHECK ("trading_offers"."state" in ('open', 'sold', 'cancelled')),
	CONSTRAINT "trading_offers_not_own" CHECK ("trading_offers"."buyer_id" is null or "trading_offers"."buyer_id" <> "trading_offers"."seller_id"),
	CONSTRAINT "trading_offers_sold_has_buyer" CHECK (("trading_offers"."state" = 'sold') = ("trading_offers"."buyer_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "training_completions" (
	"user_id" uuid NOT NULL,
	"resource_id" text NOT NULL,
	"day" text NOT NULL,
	"reward_currency" text NOT NULL,
	"reward_amount" bigint NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	CONSTRAINT "training_completions_user_id_resource_id_pk" PRIMARY KEY("user_id","resource_id"),
	CONSTRAINT "training_completions_currency_known" CHECK ("training_completions"."reward_currency" in ('terycarbons', 'gems', 'voltaCharge', 'terydollars'))
);
--> statement-breakpoint
CREATE TABLE "training_resources" (
	"id" text PRIMARY KEY NOT NULL,
	"track" text NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"minutes" integer NOT NULL,
	"sections" jsonb NOT NULL,
	"quiz" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mission_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"claim_key" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"disabled_until" timestamp with time zone,
	"restarts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"user_id" uuid NOT NULL,
	"method" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_user_id_method_pk" PRIMARY KEY("user_id","method")
);
--> statement-breakpoint
ALTER TABLE "battery_holdings" ADD CONSTRAINT "battery_holdings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gem_transfers" ADD CONSTRAINT "gem_transfers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gem_transfers" ADD CONSTRAINT "gem_transfers_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_winner_user_id_users_id_fk" FOREIGN KEY ("winner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_entries" ADD CONSTRAINT "lottery_entries_draw_id_lottery_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."lottery_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_entries" ADD CONSTRAINT "lottery_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_payouts" ADD CONSTRAINT "market_payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mines" ADD CONSTRAINT "mines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_assignments" ADD CONSTRAINT "mission_assignments_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_assignments" ADD CONSTRAINT "mission_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_days" ADD CONSTRAINT "mission_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_playlist_id_missions_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."missions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "music_devices" ADD CONSTRAINT "music_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "music_links" ADD CONSTRAINT "music_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "music_plays" ADD CONSTRAINT "music_plays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "penalties" ADD CONSTRAINT "penalties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_rewards" ADD CONSTRAINT "pending_rewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_messages" ADD CONSTRAINT "player_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD CONSTRAINT "social_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_runs" ADD CONSTRAINT "station_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terycarbon_batteries" ADD CONSTRAINT "terycarbon_batteries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terydollar_orders" ADD CONSTRAINT "terydollar_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_offers" ADD CONSTRAINT "trading_offers_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_offers" ADD CONSTRAINT "trading_offers_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_completions" ADD CONSTRAINT "training_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_completions" ADD CONSTRAINT "training_completions_resource_id_training_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."training_resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_views" ADD CONSTRAINT "video_views_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_views" ADD CONSTRAINT "video_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gem_transfers_from_idx" ON "gem_transfers" USING btree ("from_user_id","created_at");--> statement-breakpoint
CREATE INDEX "gem_transfers_to_idx" ON "gem_transfers" USING btree ("to_user_id","created_at");--> statement-breakpoint
CREATE INDEX "gem_transfers_pending_idx" ON "gem_transfers" USING btree ("state","release_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_draws_number_unique" ON "lottery_draws" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_draws_closes_at_unique" ON "lottery_draws" USING btree ("closes_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_entries_draw_user_unique" ON "lottery_entries" USING btree ("draw_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_entries_draw_ticket_unique" ON "lottery_entries" USING btree ("draw_id","ticket");--> statement-breakpoint
CREATE INDEX "lottery_entries_user_idx" ON "lottery_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "market_payouts_user_idx" ON "market_payouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "market_payouts_state_idx" ON "market_payouts" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mission_assignments_user_mission_unique" ON "mission_assignments" USING btree ("user_id","mission_id");--> statement-breakpoint
CREATE INDEX "missions_type_network_idx" ON "missions" USING btree ("type","network");--> statement-breakpoint
CREATE INDEX "missions_playlist_idx" ON "missions" USING btree ("playlist_id");--> statement-breakpoint
CREATE UNIQUE INDEX "music_links_provider_email_unique" ON "music_links" USING btree ("provider","email");--> statement-breakpoint
CREATE UNIQUE INDEX "music_links_provider_account_unique" ON "music_links" USING btree ("provider","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "music_links_oauth_state_unique" ON "music_links" USING btree ("oauth_state_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "music_plays_user_play_unique" ON "music_plays" USING btree ("user_id","track_id","played_at");--> statement-breakpoint
CREATE INDEX "music_plays_user_state_idx" ON "music_plays" USING btree ("user_id","state");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "penalties_open_idx" ON "penalties" USING btree ("user_id") WHERE "penalties"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX "pending_rewards_open_idx" ON "pending_rewards" USING btree ("user_id","kind") WHERE "pending_rewards"."claim_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "player_messages_dedupe_unique" ON "player_messages" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "player_messages_unread_idx" ON "player_messages" USING btree ("user_id","created_at") WHERE "player_messages"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "social_accounts_user_network_unique" ON "social_accounts" USING btree ("user_id","network");--> statement-breakpoint
CREATE UNIQUE INDEX "social_accounts_handle_unique" ON "social_accounts" USING btree ("network","handle") WHERE "social_accounts"."state" <> 4;--> statement-breakpoint
CREATE INDEX "station_runs_user_ends_idx" ON "station_runs" USING btree ("user_id","ends_at");--> statement-breakpoint
CREATE INDEX "station_runs_starts_idx" ON "station_runs" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "terydollar_orders_one_open" ON "terydollar_orders" USING btree ("user_id") WHERE "terydollar_orders"."state" in ('awaitingVoucher', 'voucherSent');--> statement-breakpoint
CREATE INDEX "terydollar_orders_user_idx" ON "terydollar_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "terydollar_orders_state_idx" ON "terydollar_orders" USING btree ("state","voucher_sent_at");--> statement-breakpoint
CREATE INDEX "trading_offers_open_idx" ON "trading_offers" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "trading_offers_seller_idx" ON "trading_offers" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "trading_offers_buyer_idx" ON "trading_offers" USING btree ("buyer_id","closed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "training_completions_user_day_unique" ON "training_completions" USING btree ("user_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "training_resources_track_position_unique" ON "training_resources" USING btree ("track","position");--> statement-breakpoint
CREATE UNIQUE INDEX "video_views_user_mission_unique" ON "video_views" USING btree ("user_id","mission_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_created_idx" ON "ledger_transfers" USING btree ("created_at");
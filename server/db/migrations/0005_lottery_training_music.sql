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
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_winner_user_id_users_id_fk" FOREIGN KEY ("winner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_entries" ADD CONSTRAINT "lottery_entries_draw_id_lottery_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."lottery_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_entries" ADD CONSTRAINT "lottery_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "music_devices" ADD CONSTRAINT "music_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "music_links" ADD CONSTRAINT "music_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "music_plays" ADD CONSTRAINT "music_plays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_completions" ADD CONSTRAINT "training_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_completions" ADD CONSTRAINT "training_completions_resource_id_training_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."training_resources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_draws_number_unique" ON "lottery_draws" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_draws_closes_at_unique" ON "lottery_draws" USING btree ("closes_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_entries_draw_user_unique" ON "lottery_entries" USING btree ("draw_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_entries_draw_ticket_unique" ON "lottery_entries" USING btree ("draw_id","ticket");--> statement-breakpoint
CREATE INDEX "lottery_entries_user_idx" ON "lottery_entries" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "music_links_provider_email_unique" ON "music_links" USING btree ("provider","email");--> statement-breakpoint
CREATE UNIQUE INDEX "music_links_provider_account_unique" ON "music_links" USING btree ("provider","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "music_links_oauth_state_unique" ON "music_links" USING btree ("oauth_state_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "music_plays_user_play_unique" ON "music_plays" USING btree ("user_id","track_id","played_at");--> statement-breakpoint
CREATE INDEX "music_plays_user_state_idx" ON "music_plays" USING btree ("user_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "training_completions_user_day_unique" ON "training_completions" USING btree ("user_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "training_resources_track_position_unique" ON "training_resources" USING btree ("track","position");
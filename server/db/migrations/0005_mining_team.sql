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
CREATE TABLE "penalties" (
	"user_id" uuid NOT NULL,
	"week" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone,
	CONSTRAINT "penalties_user_id_week_pk" PRIMARY KEY("user_id","week")
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
ALTER TABLE "mines" ADD CONSTRAINT "mines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "penalties" ADD CONSTRAINT "penalties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_messages" ADD CONSTRAINT "player_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_runs" ADD CONSTRAINT "station_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "penalties_open_idx" ON "penalties" USING btree ("user_id") WHERE "penalties"."cleared_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "player_messages_dedupe_unique" ON "player_messages" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "player_messages_unread_idx" ON "player_messages" USING btree ("user_id","created_at") WHERE "player_messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "station_runs_user_ends_idx" ON "station_runs" USING btree ("user_id","ends_at");--> statement-breakpoint
CREATE INDEX "station_runs_starts_idx" ON "station_runs" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "ledger_transfers_created_idx" ON "ledger_transfers" USING btree ("created_at");
CREATE TABLE "player_credits" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "player_credits_user_id_kind_currency_pk" PRIMARY KEY("user_id","kind","currency"),
	CONSTRAINT "player_credits_currency_known" CHECK ("player_credits"."currency" in ('terycarbons', 'gems', 'voltaCharge', 'terydollars')),
	CONSTRAINT "player_credits_total_positive" CHECK ("player_credits"."total" > 0)
);
--> statement-breakpoint
CREATE TABLE "team_sizes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"direct" integer NOT NULL,
	"team" integer NOT NULL,
	CONSTRAINT "team_sizes_counts" CHECK ("team_sizes"."direct" >= 0 and "team_sizes"."team" >= "team_sizes"."direct")
);
--> statement-breakpoint
CREATE TABLE "week_gems" (
	"week_start" timestamp with time zone NOT NULL,
	"user_id" uuid NOT NULL,
	"gems" bigint NOT NULL,
	CONSTRAINT "week_gems_week_start_user_id_pk" PRIMARY KEY("week_start","user_id"),
	CONSTRAINT "week_gems_positive" CHECK ("week_gems"."gems" > 0)
);
--> statement-breakpoint
ALTER TABLE "player_credits" ADD CONSTRAINT "player_credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_sizes" ADD CONSTRAINT "team_sizes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "week_gems" ADD CONSTRAINT "week_gems_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The totals of what the ledger and the referral tree already hold (decision 019). The kinds are
-- WEEK_EARNING_KINDS (server/services/rules.ts) as of this migration.
INSERT INTO "player_credits" ("user_id", "kind", "currency", "total")
SELECT a."user_id", lt."kind", lt."currency", sum(lt."amount")
FROM "ledger_transfers" lt JOIN "accounts" a ON a."id" = lt."to_account_id"
WHERE a."user_id" IS NOT NULL
GROUP BY a."user_id", lt."kind", lt."currency";
--> statement-breakpoint
INSERT INTO "week_gems" ("week_start", "user_id", "gems")
SELECT date_trunc('week', lt."created_at" AT TIME ZONE 'America/Bogota') AT TIME ZONE 'America/Bogota',
  a."user_id", sum(lt."amount")
FROM "ledger_transfers" lt JOIN "accounts" a ON a."id" = lt."to_account_id"
WHERE a."user_id" IS NOT NULL AND lt."currency" = 'gems'
  AND lt."kind" IN ('mission.claim', 'mission.referral', 'video.finish', 'playlist.claim',
    'volta.claim', 'mine.collect', 'team.bonus', 'rank.reward', 'referral')
GROUP BY 1, a."user_id";
--> statement-breakpoint
INSERT INTO "team_sizes" ("user_id", "direct", "team")
WITH RECURSIVE "up"("ancestor", "generation") AS (
  SELECT "parent_id", 1 FROM "users" WHERE "parent_id" IS NOT NULL
  UNION ALL
  SELECT u."parent_id", up."generation" + 1 FROM "up" JOIN "users" u ON u."id" = up."ancestor"
  WHERE u."parent_id" IS NOT NULL AND up."generation" < 8
)
SELECT "ancestor", count(*) FILTER (WHERE "generation" = 1), count(*) FROM "up" GROUP BY "ancestor";

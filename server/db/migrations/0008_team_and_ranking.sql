CREATE TABLE "team_levels" (
	"user_id" uuid NOT NULL,
	"generation" integer NOT NULL,
	"members" integer NOT NULL,
	CONSTRAINT "team_levels_user_id_generation_pk" PRIMARY KEY("user_id","generation"),
	CONSTRAINT "team_levels_members_positive" CHECK ("team_levels"."members" > 0)
);
--> statement-breakpoint
CREATE TABLE "team_links" (
	"ancestor_id" uuid NOT NULL,
	"generation" integer NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"member_id" uuid NOT NULL,
	CONSTRAINT "team_links_ancestor_id_generation_joined_at_member_id_pk" PRIMARY KEY("ancestor_id","generation","joined_at","member_id"),
	CONSTRAINT "team_links_generation_range" CHECK ("team_links"."generation" between 1 and 8)
);
--> statement-breakpoint
DROP TABLE "team_sizes" CASCADE;--> statement-breakpoint
ALTER TABLE "week_gems" ADD COLUMN "joined_at" timestamp with time zone;--> statement-breakpoint
UPDATE "week_gems" w SET "joined_at" = u."created_at" FROM "users" u WHERE u."id" = w."user_id";--> statement-breakpoint
ALTER TABLE "week_gems" ALTER COLUMN "joined_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "team_levels" ADD CONSTRAINT "team_levels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_links" ADD CONSTRAINT "team_links_ancestor_id_users_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_links" ADD CONSTRAINT "team_links_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_links_member_ancestor_unique" ON "team_links" USING btree ("member_id","ancestor_id");--> statement-breakpoint
CREATE INDEX "week_gems_ranking_idx" ON "week_gems" USING btree ("week_start","gems" DESC NULLS LAST,"joined_at","user_id");--> statement-breakpoint
-- The referral tree as it stands, as pairs (decision 021), down to TEAM_GENERATIONS (8) as of
-- this migration; then each generation's size from the pairs.
INSERT INTO "team_links" ("ancestor_id", "generation", "joined_at", "member_id")
WITH RECURSIVE "up"("ancestor", "generation", "member") AS (
  SELECT "parent_id", 1, "id" FROM "users" WHERE "parent_id" IS NOT NULL
  UNION ALL
  SELECT u."parent_id", up."generation" + 1, up."member" FROM "up" JOIN "users" u ON u."id" = up."ancestor"
  WHERE u."parent_id" IS NOT NULL AND up."generation" < 8
)
SELECT up."ancestor", up."generation", m."created_at", up."member" FROM "up" JOIN "users" m ON m."id" = up."member";
--> statement-breakpoint
INSERT INTO "team_levels" ("user_id", "generation", "members")
SELECT "ancestor_id", "generation", count(*) FROM "team_links" GROUP BY "ancestor_id", "generation";

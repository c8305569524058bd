ALTER TABLE "team_levels" ADD COLUMN "qualified" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Rank requirements count the members who played (issue 29): those whose referral reward was paid.
UPDATE "team_levels" tl SET "qualified" = q."n"
FROM (
  SELECT l."ancestor_id", l."generation", count(*)::int AS "n"
  FROM "team_links" l JOIN "users" m ON m."id" = l."member_id"
  WHERE m."referral_paid_at" IS NOT NULL
  GROUP BY 1, 2
) q
WHERE tl."user_id" = q."ancestor_id" AND tl."generation" = q."generation";--> statement-breakpoint
ALTER TABLE "team_levels" ADD CONSTRAINT "team_levels_qualified_range" CHECK ("team_levels"."qualified" between 0 and "team_levels"."members");

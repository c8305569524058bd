ALTER TABLE "users" ADD COLUMN "first_played_at" timestamp with time zone;--> statement-breakpoint
-- Every player who earned a reward by playing has played, with or without a parent: the first
-- claimed social mission or finished video the ledger paid them (referral_paid_at knew only the
-- players with a parent, and goes in the next migration).
UPDATE "users" u SET "first_played_at" = least(u."referral_paid_at", (
  SELECT min(lt."created_at") FROM "ledger_transfers" lt
  JOIN "accounts" a ON a."id" = lt."to_account_id"
  WHERE a."user_id" = u."id" AND lt."kind" IN ('mission.claim', 'video.finish')
));

ALTER TABLE "users" ADD COLUMN "referral_paid_at" timestamp with time zone;--> statement-breakpoint
-- Until this migration the parent was paid at signup (decision 026): those rewards are paid.
UPDATE "users" u SET "referral_paid_at" = lt."created_at"
FROM "ledger_transfers" lt
WHERE lt."idempotency_key" = 'referral:' || u."id";

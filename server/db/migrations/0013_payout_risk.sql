ALTER TABLE "market_payouts" DROP CONSTRAINT "market_payouts_state_known";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signup_address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signup_device" text;--> statement-breakpoint
ALTER TABLE "market_payouts" ADD CONSTRAINT "market_payouts_state_known" CHECK ("market_payouts"."state" in ('pending', 'held', 'sent', 'rejected'));
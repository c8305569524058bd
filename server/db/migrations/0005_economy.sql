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
CREATE TABLE "uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
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
ALTER TABLE "gem_transfers" ADD CONSTRAINT "gem_transfers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gem_transfers" ADD CONSTRAINT "gem_transfers_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_payouts" ADD CONSTRAINT "market_payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terycarbon_batteries" ADD CONSTRAINT "terycarbon_batteries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terydollar_orders" ADD CONSTRAINT "terydollar_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_offers" ADD CONSTRAINT "trading_offers_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_offers" ADD CONSTRAINT "trading_offers_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gem_transfers_from_idx" ON "gem_transfers" USING btree ("from_user_id","created_at");--> statement-breakpoint
CREATE INDEX "gem_transfers_to_idx" ON "gem_transfers" USING btree ("to_user_id","created_at");--> statement-breakpoint
CREATE INDEX "gem_transfers_pending_idx" ON "gem_transfers" USING btree ("state","release_at");--> statement-breakpoint
CREATE INDEX "market_payouts_user_idx" ON "market_payouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "market_payouts_state_idx" ON "market_payouts" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "terydollar_orders_one_open" ON "terydollar_orders" USING btree ("user_id") WHERE "terydollar_orders"."state" in ('awaitingVoucher', 'voucherSent');--> statement-breakpoint
CREATE INDEX "terydollar_orders_user_idx" ON "terydollar_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "terydollar_orders_state_idx" ON "terydollar_orders" USING btree ("state","voucher_sent_at");--> statement-breakpoint
CREATE INDEX "trading_offers_open_idx" ON "trading_offers" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "trading_offers_seller_idx" ON "trading_offers" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "trading_offers_buyer_idx" ON "trading_offers" USING btree ("buyer_id","closed_at");
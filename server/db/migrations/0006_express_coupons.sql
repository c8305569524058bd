CREATE TABLE "coupon_missions" (
	"coupon_id" uuid NOT NULL,
	"mission_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "coupon_missions_coupon_id_mission_id_pk" PRIMARY KEY("coupon_id","mission_id")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text NOT NULL,
	"price_currency" text NOT NULL,
	"price_amount" bigint NOT NULL,
	"reward_currency" text NOT NULL,
	"reward_amount" bigint NOT NULL,
	"duration_hours" integer NOT NULL,
	"bought_at" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "coupons_state_known" CHECK ("coupons"."state" in ('pending', 'active', 'claimable', 'claimed', 'expired')),
	CONSTRAINT "coupons_price_currency_known" CHECK ("coupons"."price_currency" in ('terycarbons', 'gems', 'voltaCharge', 'terydollars')),
	CONSTRAINT "coupons_reward_currency_known" CHECK ("coupons"."reward_currency" in ('terycarbons', 'gems', 'voltaCharge', 'terydollars')),
	CONSTRAINT "coupons_amounts_positive" CHECK ("coupons"."price_amount" > 0 and "coupons"."reward_amount" > 0),
	CONSTRAINT "coupons_duration_positive" CHECK ("coupons"."duration_hours" > 0),
	CONSTRAINT "coupons_activation_complete" CHECK (("coupons"."activated_at" is null) = ("coupons"."expires_at" is null) and ("coupons"."state" = 'pending') = ("coupons"."activated_at" is null)),
	CONSTRAINT "coupons_claimed_complete" CHECK (("coupons"."state" = 'claimed') = ("coupons"."claimed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "coupon_missions" ADD CONSTRAINT "coupon_missions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_missions" ADD CONSTRAINT "coupon_missions_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_missions_mission_unique" ON "coupon_missions" USING btree ("mission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_one_open_per_player" ON "coupons" USING btree ("user_id") WHERE "coupons"."state" in ('pending', 'active', 'claimable');--> statement-breakpoint
CREATE INDEX "coupons_user_bought_idx" ON "coupons" USING btree ("user_id","bought_at");--> statement-breakpoint
CREATE INDEX "coupons_active_expiry_idx" ON "coupons" USING btree ("expires_at") WHERE "coupons"."state" = 'active';
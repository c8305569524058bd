CREATE TABLE "devices" (
	"seq" bigserial NOT NULL,
	"device_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "devices_device_id_user_id_pk" PRIMARY KEY("device_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "mission_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mission_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text NOT NULL,
	"source" text DEFAULT 'player' NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "mission_assignments_state_known" CHECK ("mission_assignments"."state" in ('added', 'claimable', 'claimed')),
	CONSTRAINT "mission_assignments_source_known" CHECK ("mission_assignments"."source" in ('player', 'coupon'))
);
--> statement-breakpoint
CREATE TABLE "mission_days" (
	"user_id" uuid NOT NULL,
	"day" text NOT NULL,
	"taken" integer NOT NULL,
	CONSTRAINT "mission_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "missions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"network" integer,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"link" text,
	"video_src" text,
	"duration_seconds" integer,
	"playlist_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"reward" integer NOT NULL,
	"volta" integer DEFAULT 0 NOT NULL,
	"owner_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "missions_type_known" CHECK ("missions"."type" in ('social', 'video', 'playlist')),
	CONSTRAINT "missions_reward_positive" CHECK ("missions"."reward" > 0),
	CONSTRAINT "missions_volta_not_negative" CHECK ("missions"."volta" >= 0),
	CONSTRAINT "missions_social_shape" CHECK (("missions"."type" = 'social') = ("missions"."network" is not null and "missions"."link" is not null)),
	CONSTRAINT "missions_video_shape" CHECK (("missions"."type" = 'video') = ("missions"."video_src" is not null and coalesce("missions"."duration_seconds", 0) > 0))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"viewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pending_rewards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"label" text NOT NULL,
	"cause" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claim_id" uuid,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "pending_rewards_kind_known" CHECK ("pending_rewards"."kind" in ('volta', 'referral')),
	CONSTRAINT "pending_rewards_amount_positive" CHECK ("pending_rewards"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "social_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"network" integer NOT NULL,
	"handle" text NOT NULL,
	"state" integer DEFAULT 2 NOT NULL,
	"rejection_reason" text,
	"auto_verify_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "social_accounts_network_known" CHECK ("social_accounts"."network" between 2 and 5),
	CONSTRAINT "social_accounts_state_known" CHECK ("social_accounts"."state" between 2 and 4)
);
--> statement-breakpoint
CREATE TABLE "video_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mission_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"claim_key" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"disabled_until" timestamp with time zone,
	"restarts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_assignments" ADD CONSTRAINT "mission_assignments_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_assignments" ADD CONSTRAINT "mission_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_days" ADD CONSTRAINT "mission_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_playlist_id_missions_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."missions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_rewards" ADD CONSTRAINT "pending_rewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD CONSTRAINT "social_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_views" ADD CONSTRAINT "video_views_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_views" ADD CONSTRAINT "video_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mission_assignments_user_mission_unique" ON "mission_assignments" USING btree ("user_id","mission_id");--> statement-breakpoint
CREATE INDEX "missions_type_network_idx" ON "missions" USING btree ("type","network");--> statement-breakpoint
CREATE INDEX "missions_playlist_idx" ON "missions" USING btree ("playlist_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "pending_rewards_open_idx" ON "pending_rewards" USING btree ("user_id","kind") WHERE "pending_rewards"."claim_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "social_accounts_user_network_unique" ON "social_accounts" USING btree ("user_id","network");--> statement-breakpoint
CREATE UNIQUE INDEX "social_accounts_handle_unique" ON "social_accounts" USING btree ("network","handle") WHERE "social_accounts"."state" <> 4;--> statement-breakpoint
CREATE UNIQUE INDEX "video_views_user_mission_unique" ON "video_views" USING btree ("user_id","mission_id");
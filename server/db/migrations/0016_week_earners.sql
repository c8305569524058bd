CREATE TABLE "week_earners" (
	"week_start" timestamp with time zone PRIMARY KEY NOT NULL,
	"players" integer NOT NULL,
	CONSTRAINT "week_earners_positive" CHECK ("week_earners"."players" > 0)
);
--> statement-breakpoint
-- The weeks already earned in, counted once here; transfer() keeps the count from now on.
INSERT INTO "week_earners" ("week_start", "players")
SELECT "week_start", count(*) FROM "week_gems" GROUP BY "week_start";

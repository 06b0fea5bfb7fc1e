CREATE TABLE "activity_checkpoints" (
	"at" timestamp with time zone PRIMARY KEY NOT NULL,
	"event_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_day_players" (
	"day" date NOT NULL,
	"user_id" bigint NOT NULL,
	CONSTRAINT "activity_day_players_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "activity_days" (
	"day" date PRIMARY KEY NOT NULL,
	"active_players" integer DEFAULT 0 NOT NULL,
	"new_players" integer DEFAULT 0 NOT NULL,
	"logins" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_hours" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"logins" integer DEFAULT 0 NOT NULL,
	"new_players" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_rollup" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_event_id" bigint DEFAULT 0 NOT NULL,
	"seen_event_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone
);

CREATE TABLE "battle_pass_claims" (
	"user_id" bigint NOT NULL,
	"season_id" integer NOT NULL,
	"level" integer NOT NULL,
	"track" text NOT NULL,
	"rewards" jsonb NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "battle_pass_claims_user_id_season_id_level_track_pk" PRIMARY KEY("user_id","season_id","level","track")
);
--> statement-breakpoint
CREATE TABLE "battle_pass_daily_xp" (
	"user_id" bigint NOT NULL,
	"season_id" integer NOT NULL,
	"source" text NOT NULL,
	"day" text NOT NULL,
	"xp" integer NOT NULL,
	CONSTRAINT "battle_pass_daily_xp_user_id_season_id_source_day_pk" PRIMARY KEY("user_id","season_id","source","day")
);
--> statement-breakpoint
CREATE TABLE "battle_pass_progress" (
	"user_id" bigint NOT NULL,
	"season_id" integer NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	"premium" boolean DEFAULT false NOT NULL,
	"premium_order_id" bigint,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "battle_pass_progress_user_id_season_id_pk" PRIMARY KEY("user_id","season_id")
);
--> statement-breakpoint
CREATE TABLE "battle_pass_seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"pass" text NOT NULL,
	"name" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"premium_product_id" integer,
	"levels" jsonb NOT NULL,
	"xp_sources" jsonb NOT NULL,
	"mail_unclaimed" boolean DEFAULT false NOT NULL,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "battle_pass_progress_season" ON "battle_pass_progress" USING btree ("season_id");--> statement-breakpoint
CREATE INDEX "battle_pass_seasons_window" ON "battle_pass_seasons" USING btree ("pass","start_at","end_at");
CREATE TABLE "hall_of_fame" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"board" text NOT NULL,
	"period" text NOT NULL,
	"rank" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"score" bigint NOT NULL,
	"subscore" bigint NOT NULL,
	"rewards" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"archived_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leaderboard_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"board" text NOT NULL,
	"period" text NOT NULL,
	"user_id" bigint NOT NULL,
	"score" bigint NOT NULL,
	"subscore" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leaderboard_periods" (
	"board" text PRIMARY KEY NOT NULL,
	"period" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leaderboard_resets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"board" text NOT NULL,
	"period" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "leaderboard_scores" (
	"board" text NOT NULL,
	"period" text NOT NULL,
	"user_id" bigint NOT NULL,
	"score" bigint NOT NULL,
	"subscore" bigint NOT NULL,
	"k1" bigint NOT NULL,
	"k2" bigint NOT NULL,
	"submitted_at" timestamp (3) with time zone NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"mock" boolean DEFAULT false NOT NULL,
	"meta" jsonb,
	CONSTRAINT "leaderboard_scores_pk" PRIMARY KEY("board","period","user_id")
);
--> statement-breakpoint
CREATE TABLE "minigame_blacklist" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "hall_of_fame_board_period_rank_uq" ON "hall_of_fame" USING btree ("board","period","rank");--> statement-breakpoint
CREATE INDEX "leaderboard_attempts_board_idx" ON "leaderboard_attempts" USING btree ("board","id");--> statement-breakpoint
CREATE INDEX "leaderboard_attempts_user_idx" ON "leaderboard_attempts" USING btree ("board","user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "leaderboard_resets_board_period_uq" ON "leaderboard_resets" USING btree ("board","period");--> statement-breakpoint
CREATE INDEX "leaderboard_scores_order_idx" ON "leaderboard_scores" USING btree ("board","period","k1","k2","submitted_at","user_id");--> statement-breakpoint
CREATE INDEX "minigame_blacklist_ends_idx" ON "minigame_blacklist" USING btree ("ends_at");
ALTER TABLE "leaderboard_attempts" ADD COLUMN "stream_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "leaderboard_attempts_stream_idx" ON "leaderboard_attempts" USING btree ("stream_id");
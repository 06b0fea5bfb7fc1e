ALTER TABLE "players" ADD COLUMN "previous_login_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "player_events_at_brin" ON "player_events" USING brin ("at");--> statement-breakpoint
-- Players who logged in before this column existed: the login before their last one, from the event log.
UPDATE "players" p SET "previous_login_at" = (
  SELECT e."at" FROM "player_events" e
  WHERE e."user_id" = p."id" AND e."type" = 'login'
  ORDER BY e."id" DESC OFFSET 1 LIMIT 1
) WHERE p."last_login_at" IS NOT NULL;

DROP INDEX "player_events_type_id_index";--> statement-breakpoint
DROP INDEX "players_status_index";--> statement-breakpoint
DROP INDEX "players_os_index";--> statement-breakpoint
DROP INDEX "players_country_index";--> statement-breakpoint
DROP INDEX "players_last_login_at_index";--> statement-breakpoint
CREATE INDEX "player_events_item_removals_idx" ON "player_events" USING btree ("id") WHERE "player_events"."type" in ('deductResources', 'removeItems');--> statement-breakpoint
CREATE INDEX "players_frozen_idx" ON "players" USING btree ("id") WHERE "players"."status" = 'frozen';--> statement-breakpoint
CREATE INDEX "players_chat_banned_idx" ON "players" USING btree ("chat_banned_until") WHERE "players"."chat_banned_until" is not null;--> statement-breakpoint
CREATE INDEX "players_blacklisted_idx" ON "players" USING btree ("id") WHERE "players"."blacklisted";
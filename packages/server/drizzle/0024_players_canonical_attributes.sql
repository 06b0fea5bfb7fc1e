-- What the game sent where it differs from the canonical value stored beside it. The stored
-- language, country and os of existing players (and A/B exposures) are made canonical by a data
-- step in code at start, not here: SQL cannot call Intl (src/data-steps.ts, marker
-- `dataStep:canonicalAttributes` in server_settings).
ALTER TABLE "players" ADD COLUMN "reported_os" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "reported_language" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "reported_country" text;

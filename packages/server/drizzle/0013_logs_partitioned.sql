CREATE TABLE "log_entries" (
	"id" bigserial NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"level" text NOT NULL,
	"message" text NOT NULL,
	"client_time" timestamp with time zone,
	"user_id" bigint,
	"device_id" text,
	"app_version" text,
	"os" text,
	"url" text,
	"request_id" text,
	"stack" text,
	"meta" jsonb,
	CONSTRAINT "log_entries_kind_at_id_pk" PRIMARY KEY("kind","at","id")
) PARTITION BY LIST ("kind");
--> statement-breakpoint
CREATE INDEX "log_entries_at_id_idx" ON "log_entries" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "log_entries_level_at_idx" ON "log_entries" USING btree ("level","at");--> statement-breakpoint
CREATE INDEX "log_entries_user_at_idx" ON "log_entries" USING btree ("user_id","at");--> statement-breakpoint
-- One partition per kind, each split by day of "at" (created ahead and dropped whole by the
-- logs.partitions job); a default day partition per kind catches a write before its day exists.
CREATE TABLE "log_entries_client" PARTITION OF "log_entries" FOR VALUES IN ('client') PARTITION BY RANGE ("at");--> statement-breakpoint
CREATE TABLE "log_entries_frontend" PARTITION OF "log_entries" FOR VALUES IN ('frontend') PARTITION BY RANGE ("at");--> statement-breakpoint
CREATE TABLE "log_entries_server" PARTITION OF "log_entries" FOR VALUES IN ('server') PARTITION BY RANGE ("at");--> statement-breakpoint
CREATE TABLE "log_entries_client_default" PARTITION OF "log_entries_client" DEFAULT;--> statement-breakpoint
CREATE TABLE "log_entries_frontend_default" PARTITION OF "log_entries_frontend" DEFAULT;--> statement-breakpoint
CREATE TABLE "log_entries_server_default" PARTITION OF "log_entries_server" DEFAULT;--> statement-breakpoint
-- Text search: a trigram index where pg_trgm is installed (PostgreSQL contrib, PGlite's
-- extension); without it the search still works (a scan of the window's partitions).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    EXECUTE 'CREATE EXTENSION IF NOT EXISTS pg_trgm';
    EXECUTE 'CREATE INDEX IF NOT EXISTS "log_entries_message_trgm_idx" ON "log_entries" USING gin ("message" gin_trgm_ops)';
  END IF;
END
$$;

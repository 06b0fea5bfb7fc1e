-- The access log becomes partitioned by day of "at" (platform/db/partitions.ts makes days ahead
-- and drops expired ones whole, as the logs do); the rows written so far move over.
ALTER TABLE "access_log" RENAME TO "access_log_unpartitioned";--> statement-breakpoint
ALTER SEQUENCE "access_log_id_seq" RENAME TO "access_log_unpartitioned_id_seq";--> statement-breakpoint
ALTER INDEX "access_log_at_index" RENAME TO "access_log_unpartitioned_at_index";--> statement-breakpoint
ALTER TABLE "access_log_unpartitioned" RENAME CONSTRAINT "access_log_pkey" TO "access_log_unpartitioned_pkey";--> statement-breakpoint
CREATE TABLE "access_log" (
	"id" bigserial NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"ms" real NOT NULL,
	"actor" text,
	"ip" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_log_at_id_pk" PRIMARY KEY("at","id")
) PARTITION BY RANGE ("at");--> statement-breakpoint
CREATE TABLE "access_log_default" PARTITION OF "access_log" DEFAULT;--> statement-breakpoint
CREATE INDEX "access_log_at_index" ON "access_log" USING btree ("at");--> statement-breakpoint
INSERT INTO "access_log" ("method", "path", "status", "ms", "actor", "ip", "at")
  SELECT "method", "path", "status", "ms", "actor", "ip", "at" FROM "access_log_unpartitioned" ORDER BY "id";--> statement-breakpoint
DROP TABLE "access_log_unpartitioned";

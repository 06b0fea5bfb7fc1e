CREATE TABLE "incident_players" (
	"incident_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	CONSTRAINT "incident_players_incident_id_user_id_pk" PRIMARY KEY("incident_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" serial PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"sample" text NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"count" bigint NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"resolved_version" text,
	"regression" boolean DEFAULT false NOT NULL,
	"app_versions" jsonb NOT NULL,
	"oses" jsonb NOT NULL,
	"players" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "incidents_fingerprint_unique" UNIQUE("fingerprint")
);
--> statement-breakpoint
ALTER TABLE "log_entries" ADD COLUMN "fingerprint" text;--> statement-breakpoint
CREATE INDEX "incidents_state_last_seen_index" ON "incidents" USING btree ("state","last_seen");--> statement-breakpoint
CREATE INDEX "incidents_last_seen_index" ON "incidents" USING btree ("last_seen");--> statement-breakpoint
CREATE INDEX "log_entries_fingerprint_at_idx" ON "log_entries" USING btree ("fingerprint","at");
CREATE TABLE "server_metrics" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"instance" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"rps" real NOT NULL,
	"p50_ms" real NOT NULL,
	"p95_ms" real NOT NULL,
	"p99_ms" real NOT NULL,
	"error_rate" real NOT NULL,
	"event_loop_p_99_ms" real NOT NULL,
	"heap_used_bytes" real NOT NULL,
	"rss_bytes" real NOT NULL,
	"db_pool_total" integer NOT NULL,
	"db_pool_idle" integer NOT NULL,
	"db_pool_waiting" integer NOT NULL,
	"db_query_ms" real NOT NULL,
	"routes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "server_metrics_at_index" ON "server_metrics" USING btree ("at");--> statement-breakpoint
CREATE INDEX "server_metrics_instance_at_index" ON "server_metrics" USING btree ("instance","at");
CREATE TABLE "instances" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"gone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"job_id" uuid NOT NULL,
	"fence" integer NOT NULL,
	"name" text NOT NULL,
	"instance_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"outcome" text,
	"error" text,
	CONSTRAINT "job_runs_job_id_fence_pk" PRIMARY KEY("job_id","fence")
);
--> statement-breakpoint
CREATE INDEX "instances_last_seen_at_index" ON "instances" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "job_runs_open_idx" ON "job_runs" USING btree ("instance_id") WHERE "job_runs"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "job_runs_ended_at_index" ON "job_runs" USING btree ("ended_at");
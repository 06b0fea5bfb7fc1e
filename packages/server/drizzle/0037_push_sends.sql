CREATE TABLE "push_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"send_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"token" text NOT NULL,
	"platform" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_send_zones" (
	"send_id" integer NOT NULL,
	"zone" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"cursor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "push_send_zones_send_id_zone_pk" PRIMARY KEY("send_id","zone")
);
--> statement-breakpoint
CREATE TABLE "push_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"test" boolean DEFAULT false NOT NULL,
	"spec" jsonb NOT NULL,
	"message" jsonb NOT NULL,
	"state" text NOT NULL,
	"zones" integer DEFAULT 0 NOT NULL,
	"zones_done" integer DEFAULT 0 NOT NULL,
	"late_zones" integer DEFAULT 0 NOT NULL,
	"targeted" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"invalid_tokens" integer DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "push_outbox_send_token_idx" ON "push_outbox" USING btree ("send_id","token");--> statement-breakpoint
CREATE INDEX "push_outbox_user_idx" ON "push_outbox" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "push_send_zones_due_idx" ON "push_send_zones" USING btree ("state","due_at");--> statement-breakpoint
CREATE INDEX "push_sends_created_idx" ON "push_sends" USING btree ("created_at","id");
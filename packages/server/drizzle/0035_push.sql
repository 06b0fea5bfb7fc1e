CREATE TABLE "push_devices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"user_id" bigint NOT NULL,
	"platform" text NOT NULL,
	"language" text NOT NULL,
	"timezone" text NOT NULL,
	"app_version" text NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_topic_subscriptions" (
	"topic" text NOT NULL,
	"user_id" bigint NOT NULL,
	"subscribed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "push_topic_subscriptions_topic_user_id_pk" PRIMARY KEY("topic","user_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "push_devices_token_idx" ON "push_devices" USING btree ("token");--> statement-breakpoint
CREATE INDEX "push_devices_user_idx" ON "push_devices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "push_devices_timezone_idx" ON "push_devices" USING btree ("timezone","id");--> statement-breakpoint
CREATE INDEX "push_topic_subscriptions_user_idx" ON "push_topic_subscriptions" USING btree ("user_id");
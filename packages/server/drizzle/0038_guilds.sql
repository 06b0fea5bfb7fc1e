CREATE TABLE "guild_join_requests" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"guild_id" integer NOT NULL,
	"requested_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guild_members" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"guild_id" integer NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"chat_window_start" timestamp with time zone,
	"chat_window_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guild_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"guild_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text
);
--> statement-breakpoint
CREATE TABLE "guild_name_filters" (
	"id" serial PRIMARY KEY NOT NULL,
	"word" text NOT NULL,
	"word_key" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "guild_name_filters_wordKey_unique" UNIQUE("word_key")
);
--> statement-breakpoint
CREATE TABLE "guilds" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"join_mode" text NOT NULL,
	"member_limit" integer NOT NULL,
	"leader_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"disbanded_at" timestamp with time zone,
	"disband_reason" text,
	"chat_banned_until" timestamp with time zone,
	"chat_ban_reason" text,
	"list_banned_until" timestamp with time zone,
	"list_ban_reason" text
);
--> statement-breakpoint
CREATE INDEX "guild_join_requests_guild" ON "guild_join_requests" USING btree ("guild_id","requested_at");--> statement-breakpoint
CREATE INDEX "guild_members_guild" ON "guild_members" USING btree ("guild_id");--> statement-breakpoint
CREATE INDEX "guild_messages_guild_time" ON "guild_messages" USING btree ("guild_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "guilds_name_key_live" ON "guilds" USING btree ("name_key") WHERE "guilds"."disbanded_at" is null;--> statement-breakpoint
CREATE INDEX "guilds_created" ON "guilds" USING btree ("created_at","id");
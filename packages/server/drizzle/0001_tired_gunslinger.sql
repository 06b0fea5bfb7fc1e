CREATE TABLE "device_bans" (
	"device_id" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"until" timestamp with time zone,
	"banned_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_devices" (
	"device_id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"type" text NOT NULL,
	"data" jsonb,
	"actor" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_snapshots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"save_count" integer NOT NULL,
	"state" jsonb NOT NULL,
	"cause" text NOT NULL,
	"actor" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_suspicions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"rule" text NOT NULL,
	"detail" jsonb NOT NULL,
	"save_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"social_id" text,
	"anonymous_id" text,
	"device_id" text,
	"device_model" text,
	"os" text,
	"app_version" text,
	"language" text,
	"country" text,
	"status" text DEFAULT 'normal' NOT NULL,
	"frozen_reason" text,
	"frozen_until" timestamp with time zone,
	"chat_banned_until" timestamp with time zone,
	"chat_ban_reason" text,
	"blacklisted" boolean DEFAULT false NOT NULL,
	"blacklist_reason" text,
	"is_payer" boolean DEFAULT false NOT NULL,
	"habitat_count" integer DEFAULT 0 NOT NULL,
	"state" jsonb NOT NULL,
	"save_count" integer DEFAULT 0 NOT NULL,
	"session_epoch" integer DEFAULT 0 NOT NULL,
	"first_login_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	"last_save_at" timestamp with time zone,
	"data_erased_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "players_socialId_unique" UNIQUE("social_id")
);
--> statement-breakpoint
ALTER TABLE "player_devices" ADD CONSTRAINT "player_devices_user_id_players_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_events" ADD CONSTRAINT "player_events_user_id_players_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_snapshots" ADD CONSTRAINT "player_snapshots_user_id_players_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_suspicions" ADD CONSTRAINT "player_suspicions_user_id_players_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_devices_user_id_index" ON "player_devices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "player_events_user_id_id_index" ON "player_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "player_events_type_id_index" ON "player_events" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "player_snapshots_user_id_id_index" ON "player_snapshots" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "player_suspicions_reviewed_at_id_index" ON "player_suspicions" USING btree ("reviewed_at","id");--> statement-breakpoint
CREATE INDEX "player_suspicions_user_id_index" ON "player_suspicions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "players_device_id_index" ON "players" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "players_anonymous_id_index" ON "players" USING btree ("anonymous_id");--> statement-breakpoint
CREATE INDEX "players_status_index" ON "players" USING btree ("status");--> statement-breakpoint
CREATE INDEX "players_os_index" ON "players" USING btree ("os");--> statement-breakpoint
CREATE INDEX "players_country_index" ON "players" USING btree ("country");--> statement-breakpoint
CREATE INDEX "players_last_login_at_index" ON "players" USING btree ("last_login_at");
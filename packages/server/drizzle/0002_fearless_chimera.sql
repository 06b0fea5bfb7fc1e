CREATE TABLE "mail_reward_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"reward" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"title" jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"reward" jsonb NOT NULL,
	"conditions" jsonb NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"expire_at" timestamp with time zone NOT NULL,
	"iap_id" text,
	"mail_template_id" integer,
	"reward_template_id" integer,
	"not_login_days" integer,
	"max_times" integer,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recalled_at" timestamp with time zone,
	"recalled_by" text
);
--> statement-breakpoint
CREATE TABLE "player_mails" (
	"mail_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"claimed_reward" jsonb,
	"removed_at" timestamp with time zone,
	"removed_by" text,
	CONSTRAINT "player_mails_mail_id_user_id_round_pk" PRIMARY KEY("mail_id","user_id","round")
);
--> statement-breakpoint
ALTER TABLE "player_mails" ADD CONSTRAINT "player_mails_mail_id_mails_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_reward_templates_name_index" ON "mail_reward_templates" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_templates_name_index" ON "mail_templates" USING btree ("name");--> statement-breakpoint
CREATE INDEX "mails_scope_id_index" ON "mails" USING btree ("scope","id");--> statement-breakpoint
CREATE INDEX "mails_live_idx" ON "mails" USING btree ("scope","expire_at") WHERE "mails"."recalled_at" is null;--> statement-breakpoint
CREATE INDEX "player_mails_user_id_index" ON "player_mails" USING btree ("user_id");
CREATE TABLE "gift_code_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_code_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" jsonb NOT NULL,
	"kind" text NOT NULL,
	"shared_code" text,
	"total_limit" integer NOT NULL,
	"claimed" integer DEFAULT 0 NOT NULL,
	"generated" integer DEFAULT 0 NOT NULL,
	"disabled_codes" integer DEFAULT 0 NOT NULL,
	"rewards" jsonb NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"per_player_limit" integer DEFAULT 1 NOT NULL,
	"conditions" jsonb NOT NULL,
	"platforms" jsonb NOT NULL,
	"channels" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_code_batches_claimed_limit" CHECK ("gift_code_batches"."claimed" <= "gift_code_batches"."total_limit")
);
--> statement-breakpoint
CREATE TABLE "gift_code_redemptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"code" text NOT NULL,
	"unique_code" text,
	"rewards" jsonb NOT NULL,
	"redeemed_at" timestamp with time zone NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "gift_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"used_by" bigint,
	"used_at" timestamp with time zone,
	"disabled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "gift_code_redemptions" ADD CONSTRAINT "gift_code_redemptions_batch_id_gift_code_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."gift_code_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_batch_id_gift_code_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."gift_code_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_code_batches_shared_code_idx" ON "gift_code_batches" USING btree ("shared_code");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_code_redemptions_player_idx" ON "gift_code_redemptions" USING btree ("batch_id","user_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_code_redemptions_unique_code_idx" ON "gift_code_redemptions" USING btree ("unique_code");--> statement-breakpoint
CREATE INDEX "gift_code_redemptions_user_idx" ON "gift_code_redemptions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "gift_code_redemptions_code_idx" ON "gift_code_redemptions" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "gift_codes_batch_idx" ON "gift_codes" USING btree ("batch_id","code");
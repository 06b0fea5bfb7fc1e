ALTER TABLE "gift_codes" ADD COLUMN "assigned_to" bigint;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "gift_codes_assigned_idx" ON "gift_codes" USING btree ("batch_id","assigned_to") WHERE "gift_codes"."assigned_to" is not null;
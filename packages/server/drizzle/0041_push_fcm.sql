ALTER TABLE "push_outbox" ADD COLUMN "state" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD COLUMN "claim" text;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD COLUMN "provider_id" text;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "push_sends" ADD COLUMN "provider" text DEFAULT 'outbox' NOT NULL;--> statement-breakpoint
CREATE INDEX "push_outbox_pending_idx" ON "push_outbox" USING btree ("send_id","next_attempt_at") WHERE state = 'pending';
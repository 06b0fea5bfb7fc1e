CREATE TABLE "order_dead_letters" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"order_id" bigint,
	"notification_id" bigint,
	"user_id" bigint,
	"reason" text NOT NULL,
	"detail" jsonb NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"resolved_by" text,
	"discard_reason" text
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"source" text NOT NULL,
	"clawback" text NOT NULL,
	"taken" jsonb NOT NULL,
	"debt" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"platform" text NOT NULL,
	"transaction_id" text NOT NULL,
	"original_transaction_id" text,
	"product_id" text NOT NULL,
	"price" numeric(14, 4),
	"currency" text,
	"environment" text NOT NULL,
	"validation" jsonb NOT NULL,
	"delivery_state" text NOT NULL,
	"rewards" jsonb,
	"purchased_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"refund_state" text,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "player_debts" (
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(20, 0) NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "player_debts_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "store_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"notification_id" text NOT NULL,
	"type" text NOT NULL,
	"subtype" text,
	"order_id" bigint,
	"payload" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_dead_letters_state_idx" ON "order_dead_letters" USING btree ("state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_dead_letters_order_waiting_idx" ON "order_dead_letters" USING btree ("order_id") WHERE "order_dead_letters"."state" = 'waiting' and "order_dead_letters"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_refunds_user_idx" ON "order_refunds" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_transaction_idx" ON "orders" USING btree ("platform","transaction_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_product_idx" ON "orders" USING btree ("product_id","id");--> statement-breakpoint
CREATE INDEX "orders_refunded_idx" ON "orders" USING btree ("refunded_at","id") WHERE "orders"."refund_state" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "store_notifications_id_idx" ON "store_notifications" USING btree ("platform","notification_id");
CREATE TABLE "piggy_bank_breaks" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"bank" text NOT NULL,
	"resource" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "piggy_bank_fills" (
	"user_id" bigint NOT NULL,
	"bank" text NOT NULL,
	"fill" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "piggy_bank_fills_pk" PRIMARY KEY("user_id","bank")
);

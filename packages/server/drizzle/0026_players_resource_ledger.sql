CREATE TABLE "ledger_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"checked_players" integer NOT NULL,
	"drift_players" integer NOT NULL,
	"drift" jsonb NOT NULL,
	"ran_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_ledger" (
	"id" bigserial NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"delta" numeric NOT NULL,
	"balance" numeric NOT NULL,
	"source" text NOT NULL,
	"source_id" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "resource_ledger_at_id_pk" PRIMARY KEY("at","id")
) PARTITION BY RANGE ("at");
--> statement-breakpoint
-- Split by month of "at" (players/ledger.ts makes months ahead, the ledger is kept for accounting);
-- the default partition catches rows outside the months made (the opening balances below).
CREATE TABLE "resource_ledger_default" PARTITION OF "resource_ledger" DEFAULT;--> statement-breakpoint
CREATE INDEX "resource_ledger_user_at_idx" ON "resource_ledger" USING btree ("user_id","at","id");--> statement-breakpoint
CREATE INDEX "resource_ledger_user_kind_idx" ON "resource_ledger" USING btree ("user_id","kind","delta");
CREATE TABLE "chest_pity" (
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"counter" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chest_pity_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "chest_tables" (
	"kind" text PRIMARY KEY NOT NULL,
	"drops" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text NOT NULL
);

CREATE TABLE "store_purchase_counts" (
	"user_id" bigint NOT NULL,
	"item" text NOT NULL,
	"count" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "store_purchase_counts_user_id_item_pk" PRIMARY KEY("user_id","item")
);

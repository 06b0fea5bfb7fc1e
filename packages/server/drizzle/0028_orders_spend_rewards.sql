CREATE TABLE "order_spend_rewards" (
	"user_id" bigint NOT NULL,
	"activity" text NOT NULL,
	"order_id" bigint NOT NULL,
	"rewards" jsonb NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_spend_rewards_user_id_activity_pk" PRIMARY KEY("user_id","activity")
);

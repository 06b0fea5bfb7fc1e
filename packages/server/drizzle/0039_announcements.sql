CREATE TABLE "announcement_seen" (
	"user_id" bigint NOT NULL,
	"ref" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "announcement_seen_user_id_ref_pk" PRIMARY KEY("user_id","ref")
);

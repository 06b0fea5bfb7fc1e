CREATE TABLE "ab_daily" (
	"experiment" text NOT NULL,
	"phase" integer NOT NULL,
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"variation" smallint NOT NULL,
	"n" integer NOT NULL,
	"sum" double precision NOT NULL,
	"sum_squares" double precision NOT NULL,
	CONSTRAINT "ab_daily_experiment_phase_day_metric_variation_pk" PRIMARY KEY("experiment","phase","day","metric","variation")
);
--> statement-breakpoint
CREATE TABLE "ab_exposures" (
	"experiment" text NOT NULL,
	"phase" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"variation" smallint NOT NULL,
	"os" text,
	"country" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "ab_exposures_experiment_phase_user_id_pk" PRIMARY KEY("experiment","phase","user_id")
);
--> statement-breakpoint
CREATE TABLE "game_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"value" double precision,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ab_exposures_experiment_phase_at_user_id_index" ON "ab_exposures" USING btree ("experiment","phase","at","user_id");--> statement-breakpoint
CREATE INDEX "game_events_user_id_name_at_index" ON "game_events" USING btree ("user_id","name","at");--> statement-breakpoint
CREATE INDEX "game_events_name_at_index" ON "game_events" USING btree ("name","at");
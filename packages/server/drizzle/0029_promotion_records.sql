CREATE TABLE "promotion_imports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"file_name" text,
	"rows" integer NOT NULL,
	"created" integer NOT NULL,
	"updated" integer NOT NULL,
	"skipped" integer NOT NULL,
	"imported_by" text,
	"imported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotion_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"media_name" text NOT NULL,
	"media_id" text NOT NULL,
	"agency" text NOT NULL,
	"account_id" text NOT NULL,
	"account_name" text NOT NULL,
	"country_code" text NOT NULL,
	"region_code" text,
	"spend" numeric(16, 4) NOT NULL,
	"install" integer NOT NULL,
	"import_id" integer,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promotion_records_key" UNIQUE NULLS NOT DISTINCT("date","media_id","account_id","country_code","region_code")
);
--> statement-breakpoint
CREATE INDEX "promotion_records_date_idx" ON "promotion_records" USING btree ("date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "promotion_records_media_idx" ON "promotion_records" USING btree ("media_id","date");--> statement-breakpoint
CREATE INDEX "promotion_records_agency_idx" ON "promotion_records" USING btree ("agency","date");
CREATE TABLE "resource_items" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"document" jsonb NOT NULL,
	"effective_at" timestamp with time zone,
	"expire_at" timestamp with time zone,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_items_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
CREATE TABLE "resource_refs" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"ref_kind" text NOT NULL,
	"ref_key" text NOT NULL,
	"field" text NOT NULL,
	CONSTRAINT "resource_refs_kind_key_ref_kind_ref_key_field_pk" PRIMARY KEY("kind","key","ref_kind","ref_key","field")
);
--> statement-breakpoint
CREATE TABLE "resource_versions" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"effective_at" timestamp with time zone,
	"expire_at" timestamp with time zone,
	"author" text,
	"comment" text,
	"restored_from" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_versions_kind_key_version_pk" PRIMARY KEY("kind","key","version")
);
--> statement-breakpoint
CREATE INDEX "resource_refs_ref_kind_ref_key_index" ON "resource_refs" USING btree ("ref_kind","ref_key");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target" text_pattern_ops,"at");
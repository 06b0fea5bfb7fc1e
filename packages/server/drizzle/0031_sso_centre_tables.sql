CREATE TABLE "sso_companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email_domains" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_companies_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "sso_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_roles_companyId_name_unique" UNIQUE("company_id","name")
);
--> statement-breakpoint
CREATE TABLE "sso_user_roles" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "sso_user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "sso_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_users_staffUserId_unique" UNIQUE("staff_user_id")
);
--> statement-breakpoint
ALTER TABLE "sso_roles" ADD CONSTRAINT "sso_roles_company_id_sso_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."sso_companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_user_roles" ADD CONSTRAINT "sso_user_roles_user_id_sso_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sso_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_user_roles" ADD CONSTRAINT "sso_user_roles_role_id_sso_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sso_roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_users" ADD CONSTRAINT "sso_users_company_id_sso_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."sso_companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_user_roles_role_id_index" ON "sso_user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "sso_users_company_id_index" ON "sso_users" USING btree ("company_id");
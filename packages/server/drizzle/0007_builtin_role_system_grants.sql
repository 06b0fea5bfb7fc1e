-- Endpoint rules name permissions only (issue 10): the staff, role, registration and outbox
-- endpoints moved from role names to the system permissions below. Built-in roles of an existing
-- database get the grants their role name used to give (new databases are seeded with them).
UPDATE "roles" SET "content" = "content" || '["sysRegistrationReview"]'::jsonb, "updated_at" = now()
  WHERE "built_in" AND "role_name" IN ('operation', 'developer', 'tester')
    AND NOT "content" @> '["sysRegistrationReview"]'::jsonb;
--> statement-breakpoint
UPDATE "roles" SET "content" = "content" || '["sysMailOutboxQuery"]'::jsonb, "updated_at" = now()
  WHERE "built_in" AND "role_name" IN ('developer', 'tester')
    AND NOT "content" @> '["sysMailOutboxQuery"]'::jsonb;

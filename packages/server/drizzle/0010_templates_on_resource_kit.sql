-- Mail and reward templates move onto the resource kit (issue 10): their rows become items of the
-- kinds mailTemplate / rewardTemplate, keyed by their id (the number the spec's calls and mails
-- use), with their author, and the kit numbers new ones after the highest id each table gave.
-- Self-contained: it reads only the two template tables and writes only the kit's tables.
CREATE TABLE "resource_key_counters" (
	"kind" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resource_items" ADD COLUMN "created_by" text;
--> statement-breakpoint
INSERT INTO "resource_items" ("kind", "key", "document", "version", "created_at", "created_by", "updated_by", "updated_at")
  SELECT 'mailTemplate', "id"::text,
    jsonb_build_object('id', "id", 'name', "name", 'title', "title", 'content', "content"),
    1, "created_at", "created_by", "created_by", "updated_at"
  FROM "mail_templates";
--> statement-breakpoint
INSERT INTO "resource_items" ("kind", "key", "document", "version", "created_at", "created_by", "updated_by", "updated_at")
  SELECT 'rewardTemplate', "id"::text,
    jsonb_build_object('id', "id", 'name', "name", 'reward', "reward"),
    1, "created_at", "created_by", "created_by", "updated_at"
  FROM "mail_reward_templates";
--> statement-breakpoint
-- The last id each table's sequence gave (also of deleted rows): ids are never reused.
INSERT INTO "resource_key_counters" ("kind", "last")
  SELECT 'mailTemplate', GREATEST(
    (SELECT COALESCE(MAX("id"), 0) FROM "mail_templates"),
    (SELECT CASE WHEN "is_called" THEN "last_value" ELSE 0 END FROM "mail_templates_id_seq"))
  UNION ALL
  SELECT 'rewardTemplate', GREATEST(
    (SELECT COALESCE(MAX("id"), 0) FROM "mail_reward_templates"),
    (SELECT CASE WHEN "is_called" THEN "last_value" ELSE 0 END FROM "mail_reward_templates_id_seq"));
--> statement-breakpoint
DROP TABLE "mail_reward_templates" CASCADE;
--> statement-breakpoint
DROP TABLE "mail_templates" CASCADE;

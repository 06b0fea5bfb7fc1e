-- Changing an incident's state needs its own permission now (clientIncidentEdit, sysIncidentEdit),
-- no longer the read permission of its kind. The built-in developer role of an existing database
-- gets what new databases are seeded with (clientIncidentEdit; sysIncidentEdit stays admin's, like
-- sysLogQuery). The change time is the service clock's: the database's now plus the deployment's
-- stored offset (server_settings.clockOffsetMs; 0 when none).
UPDATE "roles" SET "content" = "content" || '["clientIncidentEdit"]'::jsonb,
  "updated_at" = now() + coalesce((SELECT ("value" #>> '{}')::numeric FROM "server_settings"
    WHERE "key" = 'clockOffsetMs' AND jsonb_typeof("value") = 'number'), 0) * interval '1 millisecond'
  WHERE "built_in" AND "role_name" = 'developer'
    AND NOT "content" @> '["clientIncidentEdit"]'::jsonb;

CREATE TABLE "org_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Every statement that can change what the organisation tree shows bumps the version, whoever runs
-- it (services, imports, the generator, other modules): caches keyed by it cannot miss a change.
CREATE OR REPLACE FUNCTION bump_org_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO org_version (id, version) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET version = org_version.version + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
INSERT INTO "org_version" ("id", "version") VALUES (1, 1) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TRIGGER org_units_bump_org_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON org_units FOR EACH STATEMENT EXECUTE FUNCTION bump_org_version();--> statement-breakpoint
CREATE TRIGGER users_bump_org_version AFTER INSERT OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION bump_org_version();--> statement-breakpoint
CREATE TRIGGER users_update_bump_org_version AFTER UPDATE OF org_id, real_name, enabled ON users FOR EACH STATEMENT EXECUTE FUNCTION bump_org_version();

CREATE TABLE "record_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "record_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" varchar(32) NOT NULL,
	"record_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"action" varchar(8) NOT NULL,
	"snapshot" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "record_versions_record_idx" ON "record_versions" USING btree ("kind","record_id","id");--> statement-breakpoint
-- Issue 34 §4: each insert or change of a registered table writes its row as a version, in the
-- changing transaction. Timestamps are left out, so a write that changes nothing else adds none.
CREATE OR REPLACE FUNCTION record_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  snap jsonb := to_jsonb(NEW) - 'updated_at' - 'created_at';
BEGIN
  IF TG_OP = 'UPDATE' AND snap = (to_jsonb(OLD) - 'updated_at' - 'created_at') THEN
    RETURN NULL;
  END IF;
  INSERT INTO record_versions (kind, record_id, user_id, action, snapshot)
  VALUES (TG_ARGV[0], NEW.id, CASE WHEN TG_OP = 'INSERT' THEN coalesce(NEW.created_by, NEW.updated_by) ELSE NEW.updated_by END, lower(TG_OP), snap);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER fin_bills_version AFTER INSERT OR UPDATE ON fin_bills FOR EACH ROW EXECUTE FUNCTION record_version('bill');
--> statement-breakpoint
CREATE TRIGGER employees_version AFTER INSERT OR UPDATE ON employees FOR EACH ROW EXECUTE FUNCTION record_version('employee');
--> statement-breakpoint
CREATE TRIGGER fin_projects_version AFTER INSERT OR UPDATE ON fin_projects FOR EACH ROW EXECUTE FUNCTION record_version('project');
--> statement-breakpoint
CREATE TRIGGER fin_expense_claims_version AFTER INSERT OR UPDATE ON fin_expense_claims FOR EACH ROW EXECUTE FUNCTION record_version('claim');
--> statement-breakpoint
-- Records from before this version start their history from what they are now.
INSERT INTO record_versions (kind, record_id, user_id, action, snapshot)
SELECT 'bill', b.id, b.updated_by, 'baseline', to_jsonb(b) - 'updated_at' - 'created_at' FROM fin_bills b;
--> statement-breakpoint
INSERT INTO record_versions (kind, record_id, user_id, action, snapshot)
SELECT 'employee', e.id, e.updated_by, 'baseline', to_jsonb(e) - 'updated_at' - 'created_at' FROM employees e;
--> statement-breakpoint
INSERT INTO record_versions (kind, record_id, user_id, action, snapshot)
SELECT 'project', p.id, p.updated_by, 'baseline', to_jsonb(p) - 'updated_at' - 'created_at' FROM fin_projects p;
--> statement-breakpoint
INSERT INTO record_versions (kind, record_id, user_id, action, snapshot)
SELECT 'claim', c.id, c.updated_by, 'baseline', to_jsonb(c) - 'updated_at' - 'created_at' FROM fin_expense_claims c;

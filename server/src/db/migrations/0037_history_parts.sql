ALTER TABLE "record_versions" ADD COLUMN "parent_id" integer;--> statement-breakpoint
CREATE INDEX "record_versions_parent_idx" ON "record_versions" USING btree ("kind","parent_id","id") WHERE parent_id IS NOT NULL;--> statement-breakpoint
-- Issue 34 §4: the parts of a record (a bill's invoices, an employee's record sections…) are versioned
-- too, each version naming the record it belongs to (the trigger's second argument: the column holding
-- its id); a part's deletion is a version as well. Who made the change is read from the snapshot, so a
-- table without created_by/updated_by still versions (with no one named).
CREATE OR REPLACE FUNCTION record_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  snap jsonb;
  parent integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    snap := to_jsonb(OLD) - 'updated_at' - 'created_at';
  ELSE
    snap := to_jsonb(NEW) - 'updated_at' - 'created_at';
    IF TG_OP = 'UPDATE' AND snap = (to_jsonb(OLD) - 'updated_at' - 'created_at') THEN
      RETURN NULL;
    END IF;
  END IF;
  IF TG_NARGS > 1 THEN
    parent := (snap ->> TG_ARGV[1])::integer;
  END IF;
  INSERT INTO record_versions (kind, record_id, parent_id, user_id, action, snapshot)
  VALUES (TG_ARGV[0], (snap ->> 'id')::integer, parent,
    CASE WHEN TG_OP = 'INSERT' THEN coalesce((snap ->> 'created_by')::integer, (snap ->> 'updated_by')::integer) ELSE (snap ->> 'updated_by')::integer END,
    lower(TG_OP), snap);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER assets_version AFTER INSERT OR UPDATE ON assets FOR EACH ROW EXECUTE FUNCTION record_version('asset');
--> statement-breakpoint
CREATE TRIGGER fin_hour_sheets_version AFTER INSERT OR UPDATE ON fin_hour_sheets FOR EACH ROW EXECUTE FUNCTION record_version('timesheet');
--> statement-breakpoint
CREATE TRIGGER pay_runs_version AFTER INSERT OR UPDATE ON pay_runs FOR EACH ROW EXECUTE FUNCTION record_version('payroll');
--> statement-breakpoint
CREATE TRIGGER fin_invoices_version AFTER INSERT OR UPDATE OR DELETE ON fin_invoices FOR EACH ROW EXECUTE FUNCTION record_version('invoice', 'bill_id');
--> statement-breakpoint
CREATE TRIGGER fin_invoice_voids_version AFTER INSERT OR UPDATE OR DELETE ON fin_invoice_voids FOR EACH ROW EXECUTE FUNCTION record_version('invoice_void', 'bill_id');
--> statement-breakpoint
CREATE TRIGGER fin_bill_collections_version AFTER INSERT OR UPDATE OR DELETE ON fin_bill_collections FOR EACH ROW EXECUTE FUNCTION record_version('collection', 'bill_id');
--> statement-breakpoint
CREATE TRIGGER fin_project_versions_version AFTER INSERT OR UPDATE OR DELETE ON fin_project_versions FOR EACH ROW EXECUTE FUNCTION record_version('budget_version', 'project_id');
--> statement-breakpoint
CREATE TRIGGER contract_renewals_version AFTER INSERT OR UPDATE OR DELETE ON contract_renewals FOR EACH ROW EXECUTE FUNCTION record_version('contract_renewal', 'employee_id');
--> statement-breakpoint
CREATE TRIGGER employee_educations_version AFTER INSERT OR UPDATE OR DELETE ON employee_educations FOR EACH ROW EXECUTE FUNCTION record_version('employee_education', 'employee_id');
--> statement-breakpoint
CREATE TRIGGER employee_work_histories_version AFTER INSERT OR UPDATE OR DELETE ON employee_work_histories FOR EACH ROW EXECUTE FUNCTION record_version('employee_work_history', 'employee_id');
--> statement-breakpoint
CREATE TRIGGER employee_families_version AFTER INSERT OR UPDATE OR DELETE ON employee_families FOR EACH ROW EXECUTE FUNCTION record_version('employee_family', 'employee_id');
--> statement-breakpoint
CREATE TRIGGER employee_relations_version AFTER INSERT OR UPDATE OR DELETE ON employee_relations FOR EACH ROW EXECUTE FUNCTION record_version('employee_relation', 'employee_id');
--> statement-breakpoint
CREATE TRIGGER employee_languages_version AFTER INSERT OR UPDATE OR DELETE ON employee_languages FOR EACH ROW EXECUTE FUNCTION record_version('employee_language', 'employee_id');
--> statement-breakpoint
CREATE TRIGGER employee_certificates_version AFTER INSERT OR UPDATE OR DELETE ON employee_certificates FOR EACH ROW EXECUTE FUNCTION record_version('employee_certificate', 'employee_id');
--> statement-breakpoint
CREATE TRIGGER employee_awards_version AFTER INSERT OR UPDATE OR DELETE ON employee_awards FOR EACH ROW EXECUTE FUNCTION record_version('employee_award', 'employee_id');
--> statement-breakpoint
CREATE TRIGGER employee_vehicles_version AFTER INSERT OR UPDATE OR DELETE ON employee_vehicles FOR EACH ROW EXECUTE FUNCTION record_version('employee_vehicle', 'employee_id');
--> statement-breakpoint
CREATE TRIGGER employee_administrations_version AFTER INSERT OR UPDATE OR DELETE ON employee_administrations FOR EACH ROW EXECUTE FUNCTION record_version('employee_administration', 'employee_id');
--> statement-breakpoint
CREATE TRIGGER employee_examinations_version AFTER INSERT OR UPDATE OR DELETE ON employee_examinations FOR EACH ROW EXECUTE FUNCTION record_version('employee_examination', 'employee_id');
--> statement-breakpoint
CREATE TRIGGER employee_bank_accounts_version AFTER INSERT OR UPDATE OR DELETE ON employee_bank_accounts FOR EACH ROW EXECUTE FUNCTION record_version('employee_bank_account', 'employee_id');
--> statement-breakpoint
CREATE TRIGGER fin_hour_revisions_version AFTER INSERT OR UPDATE OR DELETE ON fin_hour_revisions FOR EACH ROW EXECUTE FUNCTION record_version('timesheet_revision', 'sheet_id');
--> statement-breakpoint
INSERT INTO record_versions (kind, record_id, parent_id, user_id, action, snapshot)
SELECT 'timesheet_revision', r.id, r.sheet_id, r.updated_by, 'baseline', to_jsonb(r) - 'updated_at' - 'created_at' FROM fin_hour_revisions r;
--> statement-breakpoint
-- Rows from before this version start their history from what they are now.
INSERT INTO record_versions (kind, record_id, user_id, action, snapshot)
SELECT 'asset', r.id, r.updated_by, 'baseline', to_jsonb(r) - 'updated_at' - 'created_at' FROM assets r;
--> statement-breakpoint
INSERT INTO record_versions (kind, record_id, user_id, action, snapshot)
SELECT 'timesheet', r.id, r.updated_by, 'baseline', to_jsonb(r) - 'updated_at' - 'created_at' FROM fin_hour_sheets r;
--> statement-breakpoint
INSERT INTO record_versions (kind, record_id, user_id, action, snapshot)
SELECT 'payroll', r.id, r.updated_by, 'baseline', to_jsonb(r) - 'updated_at' - 'created_at' FROM pay_runs r;
--> statement-breakpoint
INSERT INTO record_versions (kind, record_id, parent_id, user_id, action, snapshot)
SELECT 'invoice', r.id, r.bill_id, (to_jsonb(r) ->> 'updated_by')::integer, 'baseline', to_jsonb(r) - 'updated_at' - 'created_at' FROM fin_invoices r;
--> statement-breakpoint
INSERT INTO record_versions (kind, record_id, parent_id, user_id, action, snapshot)
SELECT 'invoice_void', r.id, r.bill_id, (to_jsonb(r) ->> 'updated_by')::integer, 'baseline', to_jsonb(r) - 'updated_at' - 'created_at' FROM fin_invoice_voids r;
--> statement-breakpoint
INSERT INTO record_versions (kind, record_id, parent_id, user_id, action, snapshot)
SELECT 'collection', r.id, r.bill_id, (to_jsonb(r) ->> 'updated_by')::integer, 'baseline', to_jsonb(r) - 'updated_at' - 'created_at' FROM fin_bill_collections r;
--> statement-breakpoint
INSERT INTO record_versions (kind, record_id, parent_id, user_id, action, snapshot)
SELECT 'budget_version', r.id, r.project_id, (to_jsonb(r) ->> 'updated_by')::integer, 'baseline', to_jsonb(r) - 'updated_at' - 'created_at' FROM fin_project_versions r;
--> statement-breakpoint
INSERT INTO record_versions (kind, record_id, parent_id, user_id, action, snapshot)
SELECT 'contract_renewal', r.id, r.employee_id, (to_jsonb(r) ->> 'updated_by')::integer, 'baseline', to_jsonb(r) - 'updated_at' - 'created_at' FROM contract_renewals r;
--> statement-breakpoint
INSERT INTO record_versions (kind, record_id, parent_id, user_id, action, snapshot)
SELECT 'employee_education', r.id, r.employee_id, (to_jsonb(r) ->> 'updated_by')::integer, 'baseline', to_jsonb(r) - 'updated_at' - 'created_at' FROM employee_educations r;
--> statement-breakpoint
INSERT INTO record_versions (kind, record_id, parent_id, user_id, action, snapshot)
SELECT 'employee_work_history', r.id, r.employee_id, (to_jsonb(r) ->> 'updated_by')::integer, 'baseline', to_jsonb(r) - 'updated_at' - 'created_at' FROM employee_work_histories r;
--> statement-breakpoint
INSERT INTO record_versions (kind, record_id, parent_id, user_id, action, snapshot)
SELECT 'employee_family', r.id, r.employee_id, (to_jsonb(r) ->> 'updated_by')::integer, 'baseline', to_jsonb(r) - 'updated_at' - 'created_at' FROM employee_families r;
--> statement-breakpoint
INSERT INTO record_versions (kind, record_id, parent_id, user_id, action, snapshot)
SELECT 'employee_relation', r.id, r.employee_id, (to_jsonb(r) ->> 'updated_by')::integer, 'baseline', to_jsonb(r) - 'updated_at' - 'created_at' FROM employee_relations r;
--> statement-breakpoint
INSERT INTO record_versions (kind, record_id, parent_id, user_id, action, snapshot)
SELECT 'employee_language', r.id, r.employee_id, (to_jsonb(r) ->> 'updated_by')::integer, 'baseline', to_jsonb(r) - 'updated_at' - 'created_at' FROM employee_languages r;
--> statement-breakpoint
INSERT INTO record_versions (kind, record_id, parent_id, user_id, action, snapshot)
SELECT 'employee_certificate', r.id, r.employee_id, (to_jsonb(r) ->> 'updated_by')::integer, 'baseline', to_jsonb(r) - 'updated_at' - 'created_at' FROM employee_certificates r;
--> statement-breakpoint
INSERT INTO record_versions (kind, record_id, parent_id, user_id, action, snapshot)
SELECT 'employee_award', r.id, r.employee_id, (to_jsonb(r) ->> 'updated_by')::integer, 'baseline', to_jsonb(r) - 'updated_at' - 'created_at' FROM employee_awards r;
--> statement-breakpoint
INSERT INTO record_versions (kind, record_id, parent_id, user_id, action, snapshot)
SELECT 'employee_vehicle', r.id, r.employee_id, (to_jsonb(r) ->> 'updated_by')::integer, 'baseline', to_jsonb(r) - 'updated_at' - 'created_at' FROM employee_vehicles r;
--> statement-breakpoint
INSERT INTO record_versions (kind, record_id, parent_id, user_id, action, snapshot)
SELECT 'employee_administration', r.id, r.employee_id, (to_jsonb(r) ->> 'updated_by')::integer, 'baseline', to_jsonb(r) - 'updated_at' - 'created_at' FROM employee_administrations r;
--> statement-breakpoint
INSERT INTO record_versions (kind, record_id, parent_id, user_id, action, snapshot)
SELECT 'employee_examination', r.id, r.employee_id, (to_jsonb(r) ->> 'updated_by')::integer, 'baseline', to_jsonb(r) - 'updated_at' - 'created_at' FROM employee_examinations r;
--> statement-breakpoint
INSERT INTO record_versions (kind, record_id, parent_id, user_id, action, snapshot)
SELECT 'employee_bank_account', r.id, r.employee_id, (to_jsonb(r) ->> 'updated_by')::integer, 'baseline', to_jsonb(r) - 'updated_at' - 'created_at' FROM employee_bank_accounts r;

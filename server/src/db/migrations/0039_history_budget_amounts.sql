ALTER TABLE "fin_dept_budget_lines" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "fin_project_versions" ADD COLUMN "budget_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fin_projects" ADD COLUMN "claim_budget" varchar(8);--> statement-breakpoint
CREATE UNIQUE INDEX "fin_dept_budget_lines_id_uq" ON "fin_dept_budget_lines" USING btree ("id");--> statement-breakpoint
-- Issue 34 §3: a project's own claim budget control (null: the company's).
-- Issue 34 §4: existing versions get their lines' sum without a history entry each (the total was
-- always theirs, nothing changed), and the latest version of each stands with it, so the first change
-- after this migration reads from the real total instead of from nothing.
ALTER TABLE "fin_project_versions" DISABLE TRIGGER "fin_project_versions_version";--> statement-breakpoint
UPDATE "fin_project_versions" v SET "budget_total" = t.total
  FROM (SELECT version_id, sum(amount)::bigint AS total FROM fin_budget_lines GROUP BY version_id) t
  WHERE t.version_id = v.id;--> statement-breakpoint
ALTER TABLE "fin_project_versions" ENABLE TRIGGER "fin_project_versions_version";--> statement-breakpoint
UPDATE "record_versions" r SET "snapshot" = r.snapshot || jsonb_build_object('budget_total', v.budget_total)
  FROM "fin_project_versions" v,
    (SELECT max(id) AS id FROM record_versions WHERE kind = 'budget_version' GROUP BY record_id) latest
  WHERE r.id = latest.id AND r.kind = 'budget_version' AND r.record_id = v.id;
--> statement-breakpoint
-- Issue 34 §4: a department's own budget lines are versioned as parts of the department's budget
-- (kind dept_budget, the department's id); lines from before start from what they are now.
CREATE TRIGGER fin_dept_budget_lines_version AFTER INSERT OR UPDATE OR DELETE ON fin_dept_budget_lines FOR EACH ROW EXECUTE FUNCTION record_version('dept_budget_line', 'dept_id');
--> statement-breakpoint
INSERT INTO record_versions (kind, record_id, parent_id, user_id, action, snapshot)
SELECT 'dept_budget_line', r.id, r.dept_id, r.updated_by, 'baseline', to_jsonb(r) - 'updated_at' - 'created_at' FROM fin_dept_budget_lines r;

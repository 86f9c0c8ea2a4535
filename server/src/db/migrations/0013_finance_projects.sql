CREATE TABLE "fin_budget_in_force" (
	"project_id" integer NOT NULL,
	"dept_id" integer,
	"subject_id" integer NOT NULL,
	"budget_type" varchar(8) NOT NULL,
	"month" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "fin_budget_in_force_project_id_subject_id_month_pk" PRIMARY KEY("project_id","subject_id","month")
);
--> statement-breakpoint
CREATE TABLE "fin_budget_lines" (
	"version_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"month" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "fin_budget_lines_version_id_subject_id_month_pk" PRIMARY KEY("version_id","subject_id","month")
);
--> statement-breakpoint
CREATE TABLE "fin_budget_subjects" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"budget_type" varchar(8) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "fin_budget_totals" (
	"kind" varchar(1) NOT NULL,
	"dept_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"budget_type" varchar(8) NOT NULL,
	"month" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "fin_budget_totals_kind_dept_id_subject_id_month_pk" PRIMARY KEY("kind","dept_id","subject_id","month")
);
--> statement-breakpoint
CREATE TABLE "fin_dept_budget_lines" (
	"dept_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"month" integer NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "fin_dept_budget_lines_dept_id_subject_id_month_pk" PRIMARY KEY("dept_id","subject_id","month")
);
--> statement-breakpoint
CREATE TABLE "fin_project_actuals" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"budget_type" varchar(8) NOT NULL,
	"month" integer NOT NULL,
	"amount" bigint NOT NULL,
	"source" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "fin_project_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"change_no" varchar(24),
	"project_id" integer NOT NULL,
	"reason" varchar(500) NOT NULL,
	"effective_month" integer NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"version_id" integer NOT NULL,
	"state" varchar(16) DEFAULT 'draft' NOT NULL,
	"process_instance_id" integer,
	"file_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fin_project_closures" (
	"id" serial PRIMARY KEY NOT NULL,
	"closure_no" varchar(24),
	"project_id" integer NOT NULL,
	"finish_date" date NOT NULL,
	"summary" varchar(1000) NOT NULL,
	"state" varchar(16) DEFAULT 'draft' NOT NULL,
	"process_instance_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "fin_project_people" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" varchar(8) NOT NULL,
	"join_date" date,
	"leave_date" date
);
--> statement-breakpoint
CREATE TABLE "fin_project_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"start_date" date,
	"end_date" date,
	"amount" bigint DEFAULT 0 NOT NULL,
	"remark" varchar(255),
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_project_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"version_no" integer DEFAULT 0 NOT NULL,
	"status" varchar(12) NOT NULL,
	"effective_month" integer,
	"change_id" integer,
	"snapshot" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "fin_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_no" varchar(24),
	"name" varchar(100) NOT NULL,
	"project_type" varchar(8),
	"parent_id" integer,
	"client_org_id" integer,
	"settle_org_id" integer,
	"dept_id" integer,
	"manager_user_id" integer,
	"start_date" date,
	"end_date" date,
	"contract_amount" bigint DEFAULT 0 NOT NULL,
	"remark" varchar(500),
	"state" varchar(16) DEFAULT 'draft' NOT NULL,
	"phase" varchar(8) DEFAULT '001' NOT NULL,
	"version_no" integer DEFAULT 0 NOT NULL,
	"process_instance_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "fin_budget_in_force_month_idx" ON "fin_budget_in_force" USING btree ("month","dept_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_budget_subjects_code_uq" ON "fin_budget_subjects" USING btree ("code");--> statement-breakpoint
CREATE INDEX "fin_budget_totals_month_idx" ON "fin_budget_totals" USING btree ("kind","month");--> statement-breakpoint
CREATE INDEX "fin_project_actuals_project_idx" ON "fin_project_actuals" USING btree ("project_id","month");--> statement-breakpoint
CREATE INDEX "fin_project_actuals_month_idx" ON "fin_project_actuals" USING btree ("month");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_project_changes_no_uq" ON "fin_project_changes" USING btree ("change_no");--> statement-breakpoint
CREATE INDEX "fin_project_changes_project_idx" ON "fin_project_changes" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "fin_project_changes_instance_idx" ON "fin_project_changes" USING btree ("process_instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_project_changes_open_uq" ON "fin_project_changes" USING btree ("project_id") WHERE state IN ('draft', 'approving', 'returned') AND deleted_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "fin_project_closures_no_uq" ON "fin_project_closures" USING btree ("closure_no");--> statement-breakpoint
CREATE INDEX "fin_project_closures_project_idx" ON "fin_project_closures" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "fin_project_closures_instance_idx" ON "fin_project_closures" USING btree ("process_instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_project_people_uq" ON "fin_project_people" USING btree ("project_id","user_id");--> statement-breakpoint
CREATE INDEX "fin_project_people_user_idx" ON "fin_project_people" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "fin_project_stages_project_idx" ON "fin_project_stages" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "fin_project_versions_project_idx" ON "fin_project_versions" USING btree ("project_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_projects_no_uq" ON "fin_projects" USING btree ("project_no");--> statement-breakpoint
CREATE INDEX "fin_projects_dept_idx" ON "fin_projects" USING btree ("dept_id");--> statement-breakpoint
CREATE INDEX "fin_projects_parent_idx" ON "fin_projects" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "fin_projects_client_idx" ON "fin_projects" USING btree ("client_org_id");--> statement-breakpoint
CREATE INDEX "fin_projects_instance_idx" ON "fin_projects" USING btree ("process_instance_id");--> statement-breakpoint
-- fin_budget_totals follows every statement on the budget in force and the actuals, whoever runs it
-- (the project services, the bills and work-hour areas, the seed, the generator): the rows a
-- statement added are summed in, the rows it removed summed out, per department, subject and month.
CREATE OR REPLACE FUNCTION fin_budget_in_force_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO fin_budget_totals AS t (kind, dept_id, subject_id, budget_type, month, amount)
    SELECT 'b', coalesce(o.dept_id, 0), o.subject_id, min(o.budget_type), o.month, -sum(o.amount) FROM old_rows o GROUP BY 2, 3, 5
    ON CONFLICT (kind, dept_id, subject_id, month) DO UPDATE SET amount = t.amount + EXCLUDED.amount;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO fin_budget_totals AS t (kind, dept_id, subject_id, budget_type, month, amount)
    SELECT 'b', coalesce(n.dept_id, 0), n.subject_id, min(n.budget_type), n.month, sum(n.amount) FROM new_rows n GROUP BY 2, 3, 5
    ON CONFLICT (kind, dept_id, subject_id, month) DO UPDATE SET amount = t.amount + EXCLUDED.amount;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER fin_budget_in_force_ins AFTER INSERT ON fin_budget_in_force REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fin_budget_in_force_totals();
--> statement-breakpoint
CREATE TRIGGER fin_budget_in_force_del AFTER DELETE ON fin_budget_in_force REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION fin_budget_in_force_totals();
--> statement-breakpoint
CREATE TRIGGER fin_budget_in_force_upd AFTER UPDATE ON fin_budget_in_force REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fin_budget_in_force_totals();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fin_project_actuals_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO fin_budget_totals AS t (kind, dept_id, subject_id, budget_type, month, amount)
    SELECT 'a', coalesce(p.dept_id, 0), o.subject_id, min(o.budget_type), o.month, -sum(o.amount)
    FROM old_rows o LEFT JOIN fin_projects p ON p.id = o.project_id GROUP BY 2, 3, 5
    ON CONFLICT (kind, dept_id, subject_id, month) DO UPDATE SET amount = t.amount + EXCLUDED.amount;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO fin_budget_totals AS t (kind, dept_id, subject_id, budget_type, month, amount)
    SELECT 'a', coalesce(p.dept_id, 0), n.subject_id, min(n.budget_type), n.month, sum(n.amount)
    FROM new_rows n LEFT JOIN fin_projects p ON p.id = n.project_id GROUP BY 2, 3, 5
    ON CONFLICT (kind, dept_id, subject_id, month) DO UPDATE SET amount = t.amount + EXCLUDED.amount;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER fin_project_actuals_ins AFTER INSERT ON fin_project_actuals REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fin_project_actuals_totals();
--> statement-breakpoint
CREATE TRIGGER fin_project_actuals_del AFTER DELETE ON fin_project_actuals REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION fin_project_actuals_totals();
--> statement-breakpoint
CREATE TRIGGER fin_project_actuals_upd AFTER UPDATE ON fin_project_actuals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION fin_project_actuals_totals();

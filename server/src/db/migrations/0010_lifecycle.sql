CREATE TABLE "contract_renewals" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_no" varchar(32),
	"state" varchar(16) DEFAULT 'draft' NOT NULL,
	"process_instance_id" integer,
	"applicant_user_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"old_end_date" date,
	"new_start_date" date NOT NULL,
	"new_end_date" date NOT NULL,
	"contract_type" varchar(8) NOT NULL,
	"remark" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "employee_quits" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_no" varchar(32),
	"state" varchar(16) DEFAULT 'draft' NOT NULL,
	"process_instance_id" integer,
	"applicant_user_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"quit_kind" varchar(8) NOT NULL,
	"quit_type" varchar(8) NOT NULL,
	"reason" varchar(500) NOT NULL,
	"apply_date" date NOT NULL,
	"last_work_date" date NOT NULL,
	"handover_user_id" integer,
	"handover_note" varchar(500),
	"file_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "employee_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_no" varchar(32),
	"state" varchar(16) DEFAULT 'draft' NOT NULL,
	"process_instance_id" integer,
	"applicant_user_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"change_type" varchar(8) NOT NULL,
	"from_org_id" integer,
	"to_org_id" integer NOT NULL,
	"from_company_id" integer,
	"to_company_id" integer,
	"from_position_id" integer,
	"to_position_id" integer,
	"from_position_name" varchar(64),
	"to_position_name" varchar(64),
	"from_grade_id" integer,
	"to_grade_id" integer,
	"from_client_company_id" integer,
	"to_client_company_id" integer,
	"from_salary_cents" bigint,
	"to_salary_cents" bigint,
	"from_employ_state" varchar(8) NOT NULL,
	"effective_date" date NOT NULL,
	"reason" varchar(500) NOT NULL,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "hour_whitelist" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"reason" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "onboardings" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_no" varchar(32),
	"state" varchar(16) DEFAULT 'draft' NOT NULL,
	"process_instance_id" integer,
	"applicant_user_id" integer NOT NULL,
	"source" varchar(8) DEFAULT 'hr' NOT NULL,
	"stage" varchar(16) DEFAULT 'offer' NOT NULL,
	"name" varchar(64) NOT NULL,
	"phone" varchar(32) NOT NULL,
	"email" varchar(128),
	"id_type" varchar(8) DEFAULT '001' NOT NULL,
	"id_card_no" varchar(32),
	"gender" varchar(8),
	"birthday" date,
	"org_id" integer NOT NULL,
	"company_id" integer,
	"position_id" integer,
	"position_name" varchar(64),
	"grade_id" integer,
	"person_category" varchar(8) DEFAULT '001' NOT NULL,
	"client_company_id" integer,
	"planned_entry_date" date NOT NULL,
	"probation_months" integer DEFAULT 3 NOT NULL,
	"salary_cents" bigint,
	"info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sign_file_id" integer,
	"link_expires_at" timestamp with time zone,
	"filled_at" timestamp with time zone,
	"giveup_reason" varchar(255),
	"user_code" varchar(64),
	"employee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "confirmations" ADD COLUMN "notice_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_renewals_no_uq" ON "contract_renewals" USING btree ("document_no");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_renewals_open_uq" ON "contract_renewals" USING btree ("employee_id") WHERE state IN ('draft', 'approving', 'returned');--> statement-breakpoint
CREATE INDEX "contract_renewals_instance_idx" ON "contract_renewals" USING btree ("process_instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_quits_no_uq" ON "employee_quits" USING btree ("document_no");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_quits_open_uq" ON "employee_quits" USING btree ("employee_id") WHERE state IN ('draft', 'approving', 'returned');--> statement-breakpoint
CREATE INDEX "employee_quits_emp_idx" ON "employee_quits" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "employee_quits_instance_idx" ON "employee_quits" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "employee_quits_due_idx" ON "employee_quits" USING btree ("last_work_date") WHERE state = 'passed' AND applied_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "employee_transfers_no_uq" ON "employee_transfers" USING btree ("document_no");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_transfers_open_uq" ON "employee_transfers" USING btree ("employee_id") WHERE state IN ('draft', 'approving', 'returned');--> statement-breakpoint
CREATE INDEX "employee_transfers_emp_idx" ON "employee_transfers" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "employee_transfers_instance_idx" ON "employee_transfers" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "employee_transfers_due_idx" ON "employee_transfers" USING btree ("effective_date") WHERE state = 'passed' AND applied_at IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "hour_whitelist_emp_uq" ON "hour_whitelist" USING btree ("employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "onboardings_no_uq" ON "onboardings" USING btree ("document_no");--> statement-breakpoint
CREATE UNIQUE INDEX "onboardings_id_no_uq" ON "onboardings" USING btree (upper("id_card_no")) WHERE "onboardings"."id_card_no" IS NOT NULL AND stage IN ('offer', 'invited', 'filled', 'confirming');--> statement-breakpoint
CREATE INDEX "onboardings_stage_idx" ON "onboardings" USING btree ("stage","planned_entry_date");--> statement-breakpoint
CREATE INDEX "onboardings_instance_idx" ON "onboardings" USING btree ("process_instance_id");
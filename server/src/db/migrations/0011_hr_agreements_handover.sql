CREATE TABLE "compensations" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"org_id" integer,
	"reason" varchar(8) NOT NULL,
	"leave_date" date NOT NULL,
	"entry_date" date NOT NULL,
	"months_tenths" integer NOT NULL,
	"monthly_base_cents" bigint NOT NULL,
	"notice_pay" varchar(8) NOT NULL,
	"extra_cents" bigint DEFAULT 0 NOT NULL,
	"total_cents" bigint NOT NULL,
	"remark" varchar(500),
	"state" varchar(16) DEFAULT 'draft' NOT NULL,
	"process_instance_id" integer,
	"document_no" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "performance_evaluations" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"org_id" integer,
	"period_type" varchar(8) NOT NULL,
	"period" varchar(7) NOT NULL,
	"items" jsonb NOT NULL,
	"self_summary" varchar(1000) NOT NULL,
	"self_score_tenths" integer NOT NULL,
	"judge_score_tenths" integer,
	"grade" varchar(8),
	"judge_comment" varchar(500),
	"judge_user_id" integer,
	"state" varchar(16) DEFAULT 'draft' NOT NULL,
	"process_instance_id" integer,
	"document_no" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "triple_agreement_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"agreement_id" integer NOT NULL,
	"register_state" varchar(8) NOT NULL,
	"note" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "triple_agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"org_id" integer,
	"agreement_type" varchar(8) NOT NULL,
	"agreement_no" varchar(64) NOT NULL,
	"school" varchar(100) NOT NULL,
	"major" varchar(100),
	"education" varchar(8) NOT NULL,
	"graduation_date" date NOT NULL,
	"sign_date" date NOT NULL,
	"breach_fee_cents" bigint DEFAULT 0 NOT NULL,
	"file_group_id" varchar(64),
	"remark" varchar(500),
	"register_state" varchar(8) DEFAULT '001' NOT NULL,
	"archive_location" varchar(100),
	"state" varchar(16) DEFAULT 'draft' NOT NULL,
	"process_instance_id" integer,
	"document_no" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "wf_delegations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"deputy_user_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"reason" varchar(200),
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "wf_events" ADD COLUMN "proxy_for_user_id" integer;--> statement-breakpoint
ALTER TABLE "wf_tasks" ADD COLUMN "proxy_for_user_id" integer;--> statement-breakpoint
ALTER TABLE "wf_tasks" ADD COLUMN "delegation_id" integer;--> statement-breakpoint
CREATE INDEX "compensations_employee_idx" ON "compensations" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "compensations_instance_idx" ON "compensations" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "performance_evaluations_instance_idx" ON "performance_evaluations" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "performance_evaluations_period_idx" ON "performance_evaluations" USING btree ("period","id");--> statement-breakpoint
CREATE UNIQUE INDEX "performance_evaluations_period_uq" ON "performance_evaluations" USING btree ("employee_id","period_type","period") WHERE "performance_evaluations"."state" NOT IN ('rejected', 'revoked');--> statement-breakpoint
CREATE INDEX "triple_agreement_logs_agreement_idx" ON "triple_agreement_logs" USING btree ("agreement_id","id");--> statement-breakpoint
CREATE INDEX "triple_agreements_employee_idx" ON "triple_agreements" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "triple_agreements_instance_idx" ON "triple_agreements" USING btree ("process_instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "triple_agreements_no_uq" ON "triple_agreements" USING btree ("agreement_no") WHERE "triple_agreements"."state" NOT IN ('rejected', 'revoked');--> statement-breakpoint
CREATE INDEX "wf_delegations_user_idx" ON "wf_delegations" USING btree ("user_id","start_date");--> statement-breakpoint
CREATE INDEX "wf_delegations_deputy_idx" ON "wf_delegations" USING btree ("deputy_user_id");--> statement-breakpoint
CREATE INDEX "wf_tasks_delegation_idx" ON "wf_tasks" USING btree ("delegation_id") WHERE "wf_tasks"."delegation_id" IS NOT NULL AND "wf_tasks"."status" IN ('pending', 'waiting');
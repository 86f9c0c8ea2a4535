CREATE TABLE "fin_holidays" (
	"day" date PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"name" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "fin_hour_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"sheet_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"work_date" date NOT NULL,
	"minutes" integer NOT NULL,
	"day_type" varchar(1) NOT NULL,
	"remark" varchar(200)
);
--> statement-breakpoint
CREATE TABLE "fin_hour_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"sheet_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"reason" varchar(500) NOT NULL,
	"sheet_no" varchar(24),
	"total_minutes" integer NOT NULL,
	"days" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "fin_hour_sheets" (
	"id" serial PRIMARY KEY NOT NULL,
	"sheet_no" varchar(24),
	"user_id" integer NOT NULL,
	"employee_id" integer,
	"project_id" integer NOT NULL,
	"dept_id" integer,
	"month" integer NOT NULL,
	"total_minutes" integer DEFAULT 0 NOT NULL,
	"normal_minutes" integer DEFAULT 0 NOT NULL,
	"ot_workday_minutes" integer DEFAULT 0 NOT NULL,
	"ot_restday_minutes" integer DEFAULT 0 NOT NULL,
	"ot_holiday_minutes" integer DEFAULT 0 NOT NULL,
	"state" varchar(16) DEFAULT 'draft' NOT NULL,
	"process_instance_id" integer,
	"revision" integer DEFAULT 0 NOT NULL,
	"remark" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fin_leave_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"employee_id" integer,
	"leave_type" varchar(8) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"minutes" integer NOT NULL,
	"source" varchar(16) DEFAULT 'manual' NOT NULL,
	"remark" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fin_man_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"month" integer NOT NULL,
	"user_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"dept_id" integer,
	"normal_minutes" integer DEFAULT 0 NOT NULL,
	"ot_workday_minutes" integer DEFAULT 0 NOT NULL,
	"ot_restday_minutes" integer DEFAULT 0 NOT NULL,
	"ot_holiday_minutes" integer DEFAULT 0 NOT NULL,
	"leave_minutes" integer DEFAULT 0 NOT NULL,
	"settlement_method" varchar(8) DEFAULT '003' NOT NULL,
	"post_standard_id" integer,
	"bill_amount" bigint DEFAULT 0 NOT NULL,
	"remark" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "fin_post_standards" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_name" varchar(64) NOT NULL,
	"region_category" varchar(8) NOT NULL,
	"rank_level" varchar(8) NOT NULL,
	"monthly_salary" bigint NOT NULL,
	"allowance" bigint DEFAULT 0 NOT NULL,
	"hourly_bill_rate" bigint NOT NULL,
	"remark" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "pay_city_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"city" varchar(32) NOT NULL,
	"year" integer NOT NULL,
	"pension_bp" integer NOT NULL,
	"medical_bp" integer NOT NULL,
	"medical_fixed" bigint DEFAULT 0 NOT NULL,
	"unemployment_bp" integer NOT NULL,
	"housing_bp" integer NOT NULL,
	"si_base_min" bigint NOT NULL,
	"si_base_max" bigint NOT NULL,
	"hf_base_min" bigint NOT NULL,
	"hf_base_max" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "pay_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"month" integer NOT NULL,
	"state" varchar(8) DEFAULT 'open' NOT NULL,
	"employee_count" integer DEFAULT 0 NOT NULL,
	"gross_total" bigint DEFAULT 0 NOT NULL,
	"net_total" bigint DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "pay_slips" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"month" integer NOT NULL,
	"user_id" integer NOT NULL,
	"employee_id" integer,
	"org_id" integer,
	"gross" bigint NOT NULL,
	"social_insurance" bigint NOT NULL,
	"housing_fund" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"other_deductions" bigint DEFAULT 0 NOT NULL,
	"net" bigint NOT NULL,
	"cum_income" bigint NOT NULL,
	"cum_deductions" bigint NOT NULL,
	"cum_taxable" bigint NOT NULL,
	"cum_tax" bigint NOT NULL,
	"lines" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "pay_special_deductions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"monthly_amount" bigint NOT NULL,
	"from_month" integer NOT NULL,
	"to_month" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE INDEX "fin_holidays_year_idx" ON "fin_holidays" USING btree ("year");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_hour_days_uq" ON "fin_hour_days" USING btree ("sheet_id","work_date");--> statement-breakpoint
CREATE INDEX "fin_hour_days_user_idx" ON "fin_hour_days" USING btree ("user_id","work_date");--> statement-breakpoint
CREATE INDEX "fin_hour_revisions_sheet_idx" ON "fin_hour_revisions" USING btree ("sheet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_hour_sheets_uq" ON "fin_hour_sheets" USING btree ("user_id","project_id","month") WHERE "fin_hour_sheets"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "fin_hour_sheets_no_uq" ON "fin_hour_sheets" USING btree ("sheet_no");--> statement-breakpoint
CREATE INDEX "fin_hour_sheets_project_idx" ON "fin_hour_sheets" USING btree ("project_id","month");--> statement-breakpoint
CREATE INDEX "fin_hour_sheets_dept_idx" ON "fin_hour_sheets" USING btree ("dept_id","month");--> statement-breakpoint
CREATE INDEX "fin_hour_sheets_instance_idx" ON "fin_hour_sheets" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "fin_leave_records_user_idx" ON "fin_leave_records" USING btree ("user_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_man_hours_uq" ON "fin_man_hours" USING btree ("month","user_id","project_id");--> statement-breakpoint
CREATE INDEX "fin_man_hours_dept_idx" ON "fin_man_hours" USING btree ("dept_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_post_standards_uq" ON "fin_post_standards" USING btree ("post_name","region_category","rank_level");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_city_rates_uq" ON "pay_city_rates" USING btree ("city","year");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_runs_month_uq" ON "pay_runs" USING btree ("month");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_slips_uq" ON "pay_slips" USING btree ("month","user_id");--> statement-breakpoint
CREATE INDEX "pay_slips_user_idx" ON "pay_slips" USING btree ("user_id","month");--> statement-breakpoint
CREATE INDEX "pay_slips_run_idx" ON "pay_slips" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "pay_special_deductions_user_idx" ON "pay_special_deductions" USING btree ("user_id");
CREATE TABLE "employee_administrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"work_card_no" varchar(32),
	"office_location" varchar(128),
	"seat_no" varchar(32),
	"computer_asset_no" varchar(32),
	"mail_account" varchar(128),
	"remark" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "employee_awards" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"name" varchar(128) NOT NULL,
	"award_date" date,
	"issuer" varchar(128),
	"description" varchar(500),
	"file_id" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "employee_bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"bank_code" varchar(8) NOT NULL,
	"open_bank" varchar(128),
	"account_name" varchar(64) NOT NULL,
	"account_no" varchar(32) NOT NULL,
	"salary_card" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"name" varchar(128) NOT NULL,
	"certificate_no" varchar(64),
	"issuer" varchar(128),
	"issue_date" date,
	"expire_date" date,
	"file_id" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "employee_change_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_no" varchar(32),
	"employee_id" integer NOT NULL,
	"applicant_user_id" integer NOT NULL,
	"section" varchar(32) NOT NULL,
	"action" varchar(8) NOT NULL,
	"record_id" integer,
	"changes" jsonb NOT NULL,
	"state" varchar(16) DEFAULT 'draft' NOT NULL,
	"process_instance_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "employee_educations" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"school" varchar(128) NOT NULL,
	"major" varchar(64),
	"education" varchar(8) NOT NULL,
	"degree" varchar(8),
	"start_date" date,
	"end_date" date,
	"full_time" boolean DEFAULT true NOT NULL,
	"diploma_file_id" varchar(64),
	"degree_file_id" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "employee_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"effective_date" date NOT NULL,
	"from_org_id" integer,
	"to_org_id" integer,
	"from_position" varchar(64),
	"to_position" varchar(64),
	"from_grade_id" integer,
	"to_grade_id" integer,
	"document_no" varchar(32),
	"remark" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "employee_examinations" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"exam_date" date,
	"hospital" varchar(128),
	"result" varchar(8),
	"remark" varchar(255),
	"file_id" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "employee_families" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"name" varchar(64) NOT NULL,
	"relation" varchar(8) NOT NULL,
	"phone" varchar(32),
	"work_unit" varchar(128),
	"birthday" date
);
--> statement-breakpoint
CREATE TABLE "employee_languages" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"language" varchar(8) NOT NULL,
	"level" varchar(8) NOT NULL,
	"certificate" varchar(64),
	"file_id" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "employee_relations" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"name" varchar(64) NOT NULL,
	"relation" varchar(32) NOT NULL,
	"work_unit" varchar(128),
	"position" varchar(64),
	"phone" varchar(32)
);
--> statement-breakpoint
CREATE TABLE "employee_vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"plate_no" varchar(16) NOT NULL,
	"brand" varchar(32),
	"model" varchar(32),
	"color" varchar(16),
	"register_date" date
);
--> statement-breakpoint
CREATE TABLE "employee_work_histories" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"company" varchar(128) NOT NULL,
	"position" varchar(64),
	"start_date" date,
	"end_date" date,
	"leave_reason" varchar(255),
	"witness" varchar(64),
	"witness_phone" varchar(32)
);
--> statement-breakpoint
CREATE TABLE "document_sequences" (
	"prefix" varchar(8) NOT NULL,
	"day" date NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_sequences_prefix_day_pk" PRIMARY KEY("prefix","day")
);
--> statement-breakpoint
CREATE TABLE "shared_secrets" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"secret" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "confirmations" ADD COLUMN "document_no" varchar(32);--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "id_type" varchar(8) DEFAULT '001' NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "nation" varchar(32);--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "native_place" varchar(64);--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "politics" varchar(8);--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "marital" varchar(8);--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "highest_education" varchar(8);--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "work_start_date" date;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "address" varchar(255);--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "registered_address" varchar(255);--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "emergency_contact" varchar(64);--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "emergency_relation" varchar(8);--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "emergency_phone" varchar(32);--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "position_id" integer;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "client_company_id" integer;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "settlement_org_id" integer;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "employ_state" varchar(8) DEFAULT '001' NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "regular_date" date;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "contract_end_date" date;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "leave_date" date;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "social_city" varchar(32);--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "social_base_cents" bigint;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "fund_city" varchar(32);--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "fund_base_cents" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "employee_administrations_emp_uq" ON "employee_administrations" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "employee_awards_emp_idx" ON "employee_awards" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "employee_bank_accounts_emp_idx" ON "employee_bank_accounts" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "employee_certificates_emp_idx" ON "employee_certificates" USING btree ("employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_change_requests_no_uq" ON "employee_change_requests" USING btree ("document_no");--> statement-breakpoint
CREATE INDEX "employee_change_requests_emp_idx" ON "employee_change_requests" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "employee_change_requests_instance_idx" ON "employee_change_requests" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "employee_educations_emp_idx" ON "employee_educations" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "employee_events_emp_idx" ON "employee_events" USING btree ("employee_id","effective_date");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_examinations_emp_uq" ON "employee_examinations" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "employee_families_emp_idx" ON "employee_families" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "employee_languages_emp_idx" ON "employee_languages" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "employee_relations_emp_idx" ON "employee_relations" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "employee_vehicles_emp_idx" ON "employee_vehicles" USING btree ("employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_vehicles_plate_uq" ON "employee_vehicles" USING btree ("plate_no");--> statement-breakpoint
CREATE INDEX "employee_work_histories_emp_idx" ON "employee_work_histories" USING btree ("employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_id_no_uq" ON "employees" USING btree (upper("id_card_no")) WHERE "employees"."id_card_no" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "employees_client_idx" ON "employees" USING btree ("client_company_id");--> statement-breakpoint
CREATE INDEX "employees_entry_idx" ON "employees" USING btree ("entry_date","id");--> statement-breakpoint
-- Person category 003 meant "intern" before the employee master; it is "outsourced" now and interns are 004.
UPDATE "users" SET "person_category" = '004' WHERE "person_category" = '003';--> statement-breakpoint
UPDATE "employees" SET "person_category" = '004' WHERE "person_category" = '003';--> statement-breakpoint
UPDATE "dict_items" SET "code_name" = '外包员工' WHERE "code_type" = 'PERSONCATEGORY' AND "code" = '003' AND "code_name" = '实习生';--> statement-breakpoint
-- The employment state follows the confirmation state of the records that existed before.
UPDATE "employees" SET "employ_state" = CASE WHEN "regular_status" = '010' THEN '002' ELSE '001' END;

CREATE TABLE "pay_accessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"month" integer NOT NULL,
	"user_id" integer NOT NULL,
	"other_income" bigint DEFAULT 0 NOT NULL,
	"other_deduction" bigint DEFAULT 0 NOT NULL,
	"remark" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "pay_loans" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_no" varchar(24),
	"user_id" integer NOT NULL,
	"employee_id" integer,
	"org_id" integer,
	"amount" bigint NOT NULL,
	"installments" integer NOT NULL,
	"monthly_repayment" bigint NOT NULL,
	"first_month" integer NOT NULL,
	"reason" varchar(200) NOT NULL,
	"state" varchar(16) DEFAULT 'draft' NOT NULL,
	"process_instance_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "pay_runs" ADD COLUMN "contribution_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_runs" ADD COLUMN "tax_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_slips" ADD COLUMN "base_pay" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_slips" ADD COLUMN "allowance" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_slips" ADD COLUMN "overtime_pay" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_slips" ADD COLUMN "leave_deduction" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_slips" ADD COLUMN "other_income" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_slips" ADD COLUMN "special_deduction" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_slips" ADD COLUMN "tax_month" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_accessions_uq" ON "pay_accessions" USING btree ("month","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_loans_no_uq" ON "pay_loans" USING btree ("loan_no");--> statement-breakpoint
CREATE INDEX "pay_loans_user_idx" ON "pay_loans" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pay_loans_instance_idx" ON "pay_loans" USING btree ("process_instance_id");
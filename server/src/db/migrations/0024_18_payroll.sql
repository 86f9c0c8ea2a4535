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
ALTER TABLE "pay_runs" ADD COLUMN "contribution_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_runs" ADD COLUMN "tax_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_slips" ADD COLUMN "base_pay" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_slips" ADD COLUMN "allowance" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_slips" ADD COLUMN "overtime_pay" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_slips" ADD COLUMN "leave_deduction" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_slips" ADD COLUMN "other_income" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_slips" ADD COLUMN "special_deduction" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_slips" ADD COLUMN "tax_month" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_accessions_uq" ON "pay_accessions" USING btree ("month","user_id");
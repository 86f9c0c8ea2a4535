CREATE TABLE "fin_expense_claim_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"category" varchar(8) NOT NULL,
	"expense_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"description" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "fin_expense_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_no" varchar(24),
	"user_id" integer NOT NULL,
	"org_id" integer,
	"project_id" integer,
	"reason" varchar(200) NOT NULL,
	"total" bigint NOT NULL,
	"state" varchar(16) DEFAULT 'draft' NOT NULL,
	"process_instance_id" integer,
	"paid_date" date,
	"paid_by" integer,
	"pay_remark" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fin_expense_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"invoice_code" varchar(12),
	"invoice_no" varchar(20) NOT NULL,
	"invoice_date" date NOT NULL,
	"seller" varchar(100) NOT NULL,
	"amount_excl_tax" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"total" bigint NOT NULL,
	"file_group_id" varchar(32),
	"remark" varchar(200),
	"state" varchar(8) DEFAULT '001' NOT NULL,
	"claim_id" integer,
	"claim_line_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "fin_expense_claim_lines_claim_idx" ON "fin_expense_claim_lines" USING btree ("claim_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_expense_claims_no_uq" ON "fin_expense_claims" USING btree ("claim_no");--> statement-breakpoint
CREATE INDEX "fin_expense_claims_user_idx" ON "fin_expense_claims" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "fin_expense_claims_instance_idx" ON "fin_expense_claims" USING btree ("process_instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_expense_invoices_no_uq" ON "fin_expense_invoices" USING btree (coalesce("invoice_code", ''),"invoice_no") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "fin_expense_invoices_user_idx" ON "fin_expense_invoices" USING btree ("user_id","invoice_date");--> statement-breakpoint
CREATE INDEX "fin_expense_invoices_claim_idx" ON "fin_expense_invoices" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "fin_expense_invoices_file_idx" ON "fin_expense_invoices" USING btree ("file_group_id");
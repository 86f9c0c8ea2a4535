CREATE TABLE "fin_bill_collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"bill_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"collected_on" date NOT NULL,
	"bank_serial" varchar(64) NOT NULL,
	"payer_name" varchar(100),
	"payer_account" varchar(40),
	"batch_no" varchar(32),
	"state" varchar(16) DEFAULT 'valid' NOT NULL,
	"moved_to_bill_id" integer,
	"remark" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "fin_bill_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"bill_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"user_id" integer,
	"person_name" varchar(64),
	"description" varchar(200) NOT NULL,
	"quantity_x100" bigint NOT NULL,
	"unit_price" bigint NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"amount_excl" bigint NOT NULL,
	"tax_amount" bigint NOT NULL,
	"amount_incl" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_bill_sequences" (
	"settle_org_id" integer NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "fin_bill_sequences_settle_org_id_year_pk" PRIMARY KEY("settle_org_id","year")
);
--> statement-breakpoint
CREATE TABLE "fin_bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"bill_no" varchar(32),
	"bill_type" varchar(8) NOT NULL,
	"settle_method" varchar(8) NOT NULL,
	"project_id" integer NOT NULL,
	"client_org_id" integer NOT NULL,
	"settle_org_id" integer NOT NULL,
	"dept_id" integer,
	"manager_user_id" integer,
	"month" integer NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"amount_excl" bigint DEFAULT 0 NOT NULL,
	"tax_amount" bigint DEFAULT 0 NOT NULL,
	"amount_incl" bigint DEFAULT 0 NOT NULL,
	"state" varchar(16) DEFAULT 'draft' NOT NULL,
	"invoice_status" varchar(8) DEFAULT '007' NOT NULL,
	"payment_status" varchar(8) DEFAULT '012' NOT NULL,
	"writeoff_status" varchar(8) DEFAULT '014' NOT NULL,
	"invoiced_amount" bigint DEFAULT 0 NOT NULL,
	"collected_amount" bigint DEFAULT 0 NOT NULL,
	"written_off_amount" bigint DEFAULT 0 NOT NULL,
	"invoice_date" date,
	"due_date" date,
	"serial_number" varchar(32),
	"signed_at" timestamp with time zone,
	"signed_by" integer,
	"process_instance_id" integer,
	"file_id" varchar(64),
	"remark" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fin_cancellation_bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"cancellation_no" varchar(32),
	"bill_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reason" varchar(500) NOT NULL,
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
CREATE TABLE "fin_company_billing" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"tax_no" varchar(32) NOT NULL,
	"address" varchar(200),
	"phone" varchar(32),
	"bank_name" varchar(100),
	"bank_account" varchar(40),
	"credit_days" integer DEFAULT 30 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "fin_invoice_voids" (
	"id" serial PRIMARY KEY NOT NULL,
	"void_no" varchar(32) NOT NULL,
	"invoice_id" integer NOT NULL,
	"bill_id" integer NOT NULL,
	"reason" varchar(500) NOT NULL,
	"state" varchar(16) DEFAULT 'applied' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"message" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "fin_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"bill_id" integer NOT NULL,
	"apply_no" varchar(32) NOT NULL,
	"invoice_type" varchar(8) NOT NULL,
	"buyer_name" varchar(100) NOT NULL,
	"buyer_tax_no" varchar(32),
	"buyer_address" varchar(200),
	"buyer_bank" varchar(200),
	"amount_excl" bigint NOT NULL,
	"tax_amount" bigint NOT NULL,
	"amount_incl" bigint NOT NULL,
	"state" varchar(16) DEFAULT 'applied' NOT NULL,
	"invoice_no" varchar(32),
	"invoice_date" date,
	"applied_by" integer,
	"issued_by" integer,
	"issued_at" timestamp with time zone,
	"refuse_reason" varchar(200),
	"remark" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE INDEX "fin_bill_collections_bill_idx" ON "fin_bill_collections" USING btree ("bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_bill_collections_serial_uq" ON "fin_bill_collections" USING btree ("bank_serial") WHERE state = 'valid';--> statement-breakpoint
CREATE INDEX "fin_bill_lines_bill_idx" ON "fin_bill_lines" USING btree ("bill_id","line_no");--> statement-breakpoint
CREATE INDEX "fin_bill_lines_user_idx" ON "fin_bill_lines" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_bills_no_uq" ON "fin_bills" USING btree ("bill_no");--> statement-breakpoint
CREATE INDEX "fin_bills_project_month_idx" ON "fin_bills" USING btree ("project_id","month");--> statement-breakpoint
CREATE INDEX "fin_bills_dept_idx" ON "fin_bills" USING btree ("dept_id");--> statement-breakpoint
CREATE INDEX "fin_bills_client_month_idx" ON "fin_bills" USING btree ("client_org_id","month");--> statement-breakpoint
CREATE INDEX "fin_bills_month_idx" ON "fin_bills" USING btree ("month");--> statement-breakpoint
CREATE INDEX "fin_bills_instance_idx" ON "fin_bills" USING btree ("process_instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_cancellation_bills_no_uq" ON "fin_cancellation_bills" USING btree ("cancellation_no");--> statement-breakpoint
CREATE INDEX "fin_cancellation_bills_bill_idx" ON "fin_cancellation_bills" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "fin_cancellation_bills_instance_idx" ON "fin_cancellation_bills" USING btree ("process_instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_company_billing_org_uq" ON "fin_company_billing" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_invoice_voids_no_uq" ON "fin_invoice_voids" USING btree ("void_no");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_invoice_voids_open_uq" ON "fin_invoice_voids" USING btree ("invoice_id") WHERE state = 'applied';--> statement-breakpoint
CREATE INDEX "fin_invoice_voids_bill_idx" ON "fin_invoice_voids" USING btree ("bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_invoices_live_uq" ON "fin_invoices" USING btree ("bill_id") WHERE state IN ('applied', 'issued');--> statement-breakpoint
CREATE UNIQUE INDEX "fin_invoices_no_uq" ON "fin_invoices" USING btree ("invoice_no");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_invoices_apply_no_uq" ON "fin_invoices" USING btree ("apply_no");--> statement-breakpoint
CREATE INDEX "fin_invoices_state_idx" ON "fin_invoices" USING btree ("state");
CREATE TABLE "contract_archives" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"org_id" integer,
	"contract_type" varchar(8) NOT NULL,
	"contract_start" date NOT NULL,
	"contract_end" date,
	"copies" integer NOT NULL,
	"file_group_id" varchar(64),
	"remark" varchar(500),
	"state" varchar(16) DEFAULT 'draft' NOT NULL,
	"process_instance_id" integer,
	"document_no" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"location" varchar(100) NOT NULL,
	"seal_id" integer,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contract_seals" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"org_id" integer,
	"contract_type" varchar(8) NOT NULL,
	"contract_start" date NOT NULL,
	"contract_end" date,
	"copies" integer NOT NULL,
	"file_group_id" varchar(64),
	"remark" varchar(500),
	"state" varchar(16) DEFAULT 'draft' NOT NULL,
	"process_instance_id" integer,
	"document_no" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"seal_type" varchar(8) NOT NULL,
	"purpose" varchar(200) NOT NULL,
	"sealed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "file_group_id" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "contract_archives_open_uq" ON "contract_archives" USING btree ("employee_id") WHERE state IN ('draft', 'approving', 'returned');--> statement-breakpoint
CREATE UNIQUE INDEX "contract_archives_seal_uq" ON "contract_archives" USING btree ("seal_id") WHERE state NOT IN ('rejected', 'revoked');--> statement-breakpoint
CREATE INDEX "contract_archives_instance_idx" ON "contract_archives" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "contract_archives_group_idx" ON "contract_archives" USING btree ("file_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_seals_open_uq" ON "contract_seals" USING btree ("employee_id") WHERE state IN ('draft', 'approving', 'returned');--> statement-breakpoint
CREATE INDEX "contract_seals_instance_idx" ON "contract_seals" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "contract_seals_group_idx" ON "contract_seals" USING btree ("file_group_id");
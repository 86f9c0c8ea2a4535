CREATE TABLE "asset_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_no" varchar(24),
	"user_id" integer NOT NULL,
	"org_id" integer,
	"apply_type" varchar(8) NOT NULL,
	"category" varchar(8) NOT NULL,
	"asset_id" integer,
	"project_id" integer,
	"reason" varchar(500) NOT NULL,
	"expected_return_date" date,
	"issue_state" varchar(8) DEFAULT '000' NOT NULL,
	"issued_asset_id" integer,
	"issued_at" timestamp with time zone,
	"issued_by" integer,
	"returned_at" timestamp with time zone,
	"state" varchar(16) DEFAULT 'draft' NOT NULL,
	"process_instance_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "asset_inventories" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_no" varchar(24),
	"location" varchar(8) NOT NULL,
	"user_id" integer NOT NULL,
	"org_id" integer,
	"remark" varchar(200),
	"state" varchar(16) DEFAULT 'draft' NOT NULL,
	"process_instance_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "asset_inventory_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"inventory_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"expected" boolean NOT NULL,
	"register_location" varchar(8) NOT NULL,
	"found" boolean,
	"checked_at" timestamp with time zone,
	"checked_by" integer
);
--> statement-breakpoint
CREATE TABLE "asset_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"asset_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"from_location" varchar(8),
	"to_location" varchar(8),
	"user_id" integer,
	"project_id" integer,
	"apply_id" integer,
	"inventory_id" integer,
	"remark" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "asset_purchase_demands" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_no" varchar(24),
	"user_id" integer NOT NULL,
	"org_id" integer,
	"category" varchar(8) NOT NULL,
	"item_name" varchar(100) NOT NULL,
	"spec" varchar(500),
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"reason" varchar(500) NOT NULL,
	"expected_date" date NOT NULL,
	"file_group_id" varchar(64),
	"received_qty" integer DEFAULT 0 NOT NULL,
	"state" varchar(16) DEFAULT 'draft' NOT NULL,
	"process_instance_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"asset_code" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"category" varchar(8) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"brand_model" varchar(100),
	"serial_no" varchar(64),
	"location" varchar(8) NOT NULL,
	"status" varchar(8) DEFAULT '001' NOT NULL,
	"keeper_user_id" integer,
	"holder_user_id" integer,
	"project_id" integer,
	"org_id" integer,
	"purchase_date" date NOT NULL,
	"purchase_value" bigint NOT NULL,
	"useful_life_months" integer NOT NULL,
	"residual_rate_bp" integer DEFAULT 500 NOT NULL,
	"demand_id" integer,
	"apply_id" integer,
	"remark" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX "asset_applications_no_uq" ON "asset_applications" USING btree ("document_no");--> statement-breakpoint
CREATE INDEX "asset_applications_user_idx" ON "asset_applications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "asset_applications_instance_idx" ON "asset_applications" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "asset_applications_issue_idx" ON "asset_applications" USING btree ("issue_state");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_inventories_no_uq" ON "asset_inventories" USING btree ("document_no");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_inventories_open_uq" ON "asset_inventories" USING btree ("location") WHERE "asset_inventories"."state" IN ('draft', 'approving', 'returned');--> statement-breakpoint
CREATE INDEX "asset_inventories_instance_idx" ON "asset_inventories" USING btree ("process_instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_inventory_items_uq" ON "asset_inventory_items" USING btree ("inventory_id","asset_id");--> statement-breakpoint
CREATE INDEX "asset_movements_asset_idx" ON "asset_movements" USING btree ("asset_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_purchase_demands_no_uq" ON "asset_purchase_demands" USING btree ("document_no");--> statement-breakpoint
CREATE INDEX "asset_purchase_demands_user_idx" ON "asset_purchase_demands" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "asset_purchase_demands_instance_idx" ON "asset_purchase_demands" USING btree ("process_instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assets_code_uq" ON "assets" USING btree ("asset_code");--> statement-breakpoint
CREATE INDEX "assets_location_status_idx" ON "assets" USING btree ("location","status");--> statement-breakpoint
CREATE INDEX "assets_holder_idx" ON "assets" USING btree ("holder_user_id") WHERE "assets"."holder_user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "assets_project_idx" ON "assets" USING btree ("project_id") WHERE "assets"."project_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "assets_category_idx" ON "assets" USING btree ("category","status");--> statement-breakpoint
CREATE INDEX "assets_org_idx" ON "assets" USING btree ("org_id");
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
CREATE TABLE "card_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_no" varchar(24),
	"user_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"org_id" integer,
	"name" varchar(64) NOT NULL,
	"english_name" varchar(40),
	"company_name" varchar(100) NOT NULL,
	"dept_name" varchar(100) NOT NULL,
	"position_name" varchar(64) NOT NULL,
	"mobile" varchar(32) NOT NULL,
	"email" varchar(128) NOT NULL,
	"address" varchar(100),
	"boxes" integer NOT NULL,
	"state" varchar(16) DEFAULT 'draft' NOT NULL,
	"process_instance_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "prove_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_no" varchar(24),
	"user_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"org_id" integer,
	"cert_type" varchar(8) NOT NULL,
	"purpose" varchar(200) NOT NULL,
	"state" varchar(16) DEFAULT 'draft' NOT NULL,
	"process_instance_id" integer,
	"verify_code" varchar(32),
	"issued_at" timestamp with time zone,
	"valid_until" date,
	"annual_income" bigint,
	"snapshot" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "suggestion_owners" (
	"suggestion_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suggestions" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" varchar(8) NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" varchar(2000) NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	"author_user_id" integer,
	"org_id" integer,
	"state" varchar(8) DEFAULT '001' NOT NULL,
	"reply" varchar(1000),
	"replied_by" integer,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" varchar(24),
	"order_type" varchar(8) NOT NULL,
	"priority" varchar(8) DEFAULT '002' NOT NULL,
	"title" varchar(100) NOT NULL,
	"description" varchar(2000) NOT NULL,
	"place" varchar(100),
	"reporter_user_id" integer NOT NULL,
	"org_id" integer,
	"handler_user_id" integer,
	"status" varchar(8) DEFAULT '001' NOT NULL,
	"resolution" varchar(1000),
	"rating" integer,
	"rating_comment" varchar(500),
	"flow_state" varchar(16) DEFAULT 'draft' NOT NULL,
	"process_instance_id" integer,
	"assigned_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
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
CREATE INDEX "assets_org_idx" ON "assets" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_requests_no_uq" ON "card_requests" USING btree ("document_no");--> statement-breakpoint
CREATE INDEX "card_requests_user_idx" ON "card_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "card_requests_instance_idx" ON "card_requests" USING btree ("process_instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prove_requests_no_uq" ON "prove_requests" USING btree ("document_no");--> statement-breakpoint
CREATE UNIQUE INDEX "prove_requests_code_uq" ON "prove_requests" USING btree ("verify_code");--> statement-breakpoint
CREATE INDEX "prove_requests_user_idx" ON "prove_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "prove_requests_instance_idx" ON "prove_requests" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "suggestion_owners_user_idx" ON "suggestion_owners" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "suggestions_state_idx" ON "suggestions" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_no_uq" ON "work_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "work_orders_status_idx" ON "work_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "work_orders_reporter_idx" ON "work_orders" USING btree ("reporter_user_id");--> statement-breakpoint
CREATE INDEX "work_orders_handler_idx" ON "work_orders" USING btree ("handler_user_id");--> statement-breakpoint
CREATE INDEX "work_orders_instance_idx" ON "work_orders" USING btree ("process_instance_id");
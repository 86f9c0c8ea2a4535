CREATE TABLE "open_banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_code" varchar(16) NOT NULL,
	"bank_name" varchar(64) NOT NULL,
	"branch_name" varchar(128) NOT NULL,
	"cnaps_code" varchar(12) NOT NULL,
	"province" varchar(32) NOT NULL,
	"city" varchar(32) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "position_alignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"min_grade_id" integer,
	"max_grade_id" integer
);
--> statement-breakpoint
CREATE TABLE "position_trades" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"post_clan_id" integer NOT NULL,
	"alignment_id" integer NOT NULL,
	"trade_id" integer,
	"org_id" integer,
	"min_grade_id" integer NOT NULL,
	"max_grade_id" integer NOT NULL,
	"headcount" integer,
	"duty" varchar(1000),
	"requirement" varchar(1000)
);
--> statement-breakpoint
CREATE TABLE "post_clans" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"post_large_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_larges" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX "open_banks_cnaps_uq" ON "open_banks" USING btree ("cnaps_code");--> statement-breakpoint
CREATE INDEX "open_banks_bank_idx" ON "open_banks" USING btree ("bank_code","city");--> statement-breakpoint
CREATE INDEX "open_banks_branch_trgm_idx" ON "open_banks" USING gin ("branch_name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "position_alignments_code_uq" ON "position_alignments" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "position_trades_code_uq" ON "position_trades" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "positions_code_uq" ON "positions" USING btree ("code");--> statement-breakpoint
CREATE INDEX "positions_clan_idx" ON "positions" USING btree ("post_clan_id");--> statement-breakpoint
CREATE INDEX "positions_alignment_idx" ON "positions" USING btree ("alignment_id");--> statement-breakpoint
CREATE INDEX "positions_org_idx" ON "positions" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "post_clans_code_uq" ON "post_clans" USING btree ("code");--> statement-breakpoint
CREATE INDEX "post_clans_large_idx" ON "post_clans" USING btree ("post_large_id");--> statement-breakpoint
CREATE UNIQUE INDEX "post_larges_code_uq" ON "post_larges" USING btree ("code");
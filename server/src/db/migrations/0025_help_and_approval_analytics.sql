CREATE TABLE "wf_overdue_reminders" (
	"task_id" integer NOT NULL,
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "wf_overdue_reminders_task_id_day_user_id_pk" PRIMARY KEY("task_id","day","user_id")
);
--> statement-breakpoint
CREATE TABLE "help_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(64) NOT NULL,
	"category_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" text NOT NULL,
	"body_text" text NOT NULL,
	"path" varchar(200) DEFAULT '' NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"file_group_id" varchar(32),
	"search_doc" "tsvector" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "help_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(40) NOT NULL,
	"name" varchar(40) NOT NULL,
	"summary" varchar(200) DEFAULT '' NOT NULL,
	"path" varchar(200) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX "help_articles_slug_uq" ON "help_articles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "help_articles_search_idx" ON "help_articles" USING gin ("search_doc");--> statement-breakpoint
CREATE INDEX "help_articles_category_idx" ON "help_articles" USING btree ("category_id","sort","id") WHERE "help_articles"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "help_categories_code_uq" ON "help_categories" USING btree ("code");
CREATE TABLE "fin_accounting_periods" (
	"month" integer PRIMARY KEY NOT NULL,
	"state" varchar(8) NOT NULL,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "fin_period_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"month" integer NOT NULL,
	"action" varchar(8) NOT NULL,
	"reason" varchar(200),
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "fin_period_events_month_idx" ON "fin_period_events" USING btree ("month","at");
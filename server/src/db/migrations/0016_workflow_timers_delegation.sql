CREATE TABLE "wf_timers" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"node_id" varchar(128) NOT NULL,
	"activation" integer NOT NULL,
	"timer_id" varchar(128) NOT NULL,
	"action" varchar(16) NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" varchar(1000),
	"fired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wf_tasks" ADD COLUMN "owner_user_id" integer;--> statement-breakpoint
ALTER TABLE "wf_tasks" ADD COLUMN "added_by_user_id" integer;--> statement-breakpoint
CREATE INDEX "wf_timers_due_idx" ON "wf_timers" USING btree ("due_at") WHERE "wf_timers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "wf_timers_instance_idx" ON "wf_timers" USING btree ("instance_id");
CREATE TABLE "help_unanswered" (
	"id" serial PRIMARY KEY NOT NULL,
	"question" varchar(100) NOT NULL,
	"source" varchar(10) NOT NULL,
	"asked_count" integer DEFAULT 1 NOT NULL,
	"first_asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_asked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "help_unanswered_question_uq" ON "help_unanswered" USING btree ("source","question");--> statement-breakpoint
CREATE INDEX "help_unanswered_count_idx" ON "help_unanswered" USING btree ("asked_count","last_asked_at");
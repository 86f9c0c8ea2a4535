CREATE TABLE "personal_data_reads" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"reader_user_id" integer NOT NULL,
	"subject_employee_id" integer,
	"subject_count" integer DEFAULT 1 NOT NULL,
	"fields" varchar(200) NOT NULL,
	"call" varchar(200) NOT NULL,
	"filter" varchar(500),
	"ip" varchar(64)
);
--> statement-breakpoint
CREATE INDEX "personal_data_reads_subject_idx" ON "personal_data_reads" USING btree ("subject_employee_id","at");--> statement-breakpoint
CREATE INDEX "personal_data_reads_reader_idx" ON "personal_data_reads" USING btree ("reader_user_id","at");--> statement-breakpoint
CREATE INDEX "personal_data_reads_at_idx" ON "personal_data_reads" USING btree ("at");
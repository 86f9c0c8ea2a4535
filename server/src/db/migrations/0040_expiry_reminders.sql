CREATE TABLE "hr_expiry_reminders" (
	"kind" varchar(16) NOT NULL,
	"record_id" integer NOT NULL,
	"expire_date" date NOT NULL,
	"threshold" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hr_expiry_reminders_kind_record_id_expire_date_threshold_pk" PRIMARY KEY("kind","record_id","expire_date","threshold")
);
--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "id_expire_date" date;
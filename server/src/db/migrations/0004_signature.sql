CREATE SEQUENCE "public"."signature_serial_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "signature_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_number" varchar(32) NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"biz_type" varchar(64),
	"biz_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signature_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"code_hash" varchar(64),
	"code_expires_at" timestamp with time zone,
	"code_sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "signature_records_serial_uq" ON "signature_records" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "signature_records_user_idx" ON "signature_records" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_sessions_token_uq" ON "signature_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "signature_sessions_user_idx" ON "signature_sessions" USING btree ("user_id","created_at");
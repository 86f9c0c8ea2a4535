CREATE TABLE "recruit_candidates" (
	"id" serial PRIMARY KEY NOT NULL,
	"talent_id" integer NOT NULL,
	"demand_id" integer NOT NULL,
	"post_id" integer,
	"stage" varchar(8) DEFAULT '010' NOT NULL,
	"stage_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" varchar(8),
	"recruiter_user_id" integer,
	"org_id" integer,
	"out_reason" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "recruit_clues" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(8) NOT NULL,
	"name" varchar(64) NOT NULL,
	"phone" varchar(20),
	"email" varchar(128),
	"company" varchar(64),
	"position" varchar(64),
	"note" varchar(500),
	"talent_id" integer,
	"status" varchar(8) DEFAULT '001' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "recruit_demand_names" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"category" varchar(32),
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "recruit_demand_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"demand_id" integer NOT NULL,
	"position_id" integer,
	"post_name" varchar(64) NOT NULL,
	"headcount" integer NOT NULL,
	"salary_min" bigint,
	"salary_max" bigint,
	"requirement" varchar(1000),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "recruit_demands" (
	"id" serial PRIMARY KEY NOT NULL,
	"demand_no" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"kind" varchar(8) DEFAULT '001' NOT NULL,
	"client_company_id" integer,
	"org_id" integer NOT NULL,
	"recruiter_user_id" integer,
	"city" varchar(32),
	"education" varchar(8),
	"years_min" integer,
	"salary_min" bigint,
	"salary_max" bigint,
	"deadline" date,
	"status" varchar(8) DEFAULT '001' NOT NULL,
	"description" varchar(2000),
	"opportunity_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recruit_hires" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"candidate_id" integer NOT NULL,
	"talent_id" integer NOT NULL,
	"demand_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"gender" varchar(8),
	"phone" varchar(20),
	"email" varchar(128),
	"id_card_no" varchar(32),
	"education" varchar(8),
	"org_id" integer,
	"client_company_id" integer,
	"person_category" varchar(8) DEFAULT '001' NOT NULL,
	"position_id" integer,
	"position_name" varchar(64),
	"entry_date" date,
	"monthly_salary" bigint NOT NULL,
	"probation_salary" bigint,
	"probation_months" integer NOT NULL,
	"recruiter_user_id" integer,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"onboarding_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"taken_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recruit_interview_places" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"address" varchar(255),
	"capacity" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "recruit_interviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"candidate_id" integer NOT NULL,
	"round" varchar(8) NOT NULL,
	"interviewer_user_id" integer NOT NULL,
	"place_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"mode" varchar(8) DEFAULT '001' NOT NULL,
	"status" varchar(8) DEFAULT '001' NOT NULL,
	"score" smallint,
	"feedback" varchar(1000),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "recruit_offer_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"to" varchar(128) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"sent_by" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outbox_id" integer
);
--> statement-breakpoint
CREATE TABLE "recruit_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"candidate_id" integer NOT NULL,
	"monthly_salary" bigint NOT NULL,
	"probation_salary" bigint,
	"probation_months" integer DEFAULT 3 NOT NULL,
	"entry_date" date,
	"org_id" integer,
	"position_name" varchar(64),
	"person_category" varchar(8) DEFAULT '001' NOT NULL,
	"client_company_id" integer,
	"advise" varchar(1000),
	"state" varchar(16) DEFAULT 'draft' NOT NULL,
	"process_instance_id" integer,
	"document_no" varchar(32),
	"employ_stage" varchar(8),
	"send_count" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone,
	"fail_reason" varchar(255),
	"recruiter_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "recruit_opportunities" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_company_id" integer NOT NULL,
	"project_name" varchar(128) NOT NULL,
	"amount" bigint NOT NULL,
	"won_on" date NOT NULL,
	"status" varchar(8) DEFAULT '001' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "recruit_resumes" (
	"id" serial PRIMARY KEY NOT NULL,
	"talent_id" integer,
	"file_id" integer NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"text" text NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"uploaded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruit_rpo_demands" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_company_id" integer NOT NULL,
	"demand_id" integer,
	"post_name" varchar(64) NOT NULL,
	"headcount" integer NOT NULL,
	"fee_per_hire" bigint NOT NULL,
	"fee_item" varchar(32),
	"start_date" date,
	"end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "recruit_rpo_dicts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "recruit_rpo_resumes" (
	"id" serial PRIMARY KEY NOT NULL,
	"rpo_demand_id" integer NOT NULL,
	"talent_id" integer NOT NULL,
	"delivered_on" date NOT NULL,
	"feedback" varchar(500),
	"result" varchar(8) DEFAULT '001' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "recruit_stage_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"candidate_id" integer NOT NULL,
	"demand_id" integer NOT NULL,
	"from_stage" varchar(8),
	"to_stage" varchar(8) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_user_id" integer,
	"reason" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "recruit_talents" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(32) NOT NULL,
	"gender" varchar(8),
	"phone" varchar(20),
	"email" varchar(128),
	"id_card_no" varchar(32),
	"city" varchar(32),
	"education" varchar(8),
	"years" integer,
	"current_company" varchar(64),
	"current_title" varchar(64),
	"expected_salary" bigint,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"source" varchar(8),
	"supply_id" integer,
	"referrer_user_id" integer,
	"resume_id" integer,
	"resume_text" text,
	"search_doc" "tsvector",
	"org_id" integer,
	"owner_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "recruit_candidates_talent_demand_uq" ON "recruit_candidates" USING btree ("talent_id","demand_id");--> statement-breakpoint
CREATE INDEX "recruit_candidates_demand_stage_idx" ON "recruit_candidates" USING btree ("demand_id","stage");--> statement-breakpoint
CREATE INDEX "recruit_candidates_stage_idx" ON "recruit_candidates" USING btree ("stage","stage_at");--> statement-breakpoint
CREATE INDEX "recruit_clues_creator_idx" ON "recruit_clues" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "recruit_demand_names_name_uq" ON "recruit_demand_names" USING btree ("name");--> statement-breakpoint
CREATE INDEX "recruit_demand_posts_demand_idx" ON "recruit_demand_posts" USING btree ("demand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recruit_demands_no_uq" ON "recruit_demands" USING btree ("demand_no");--> statement-breakpoint
CREATE INDEX "recruit_demands_org_idx" ON "recruit_demands" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "recruit_demands_status_idx" ON "recruit_demands" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "recruit_hires_offer_uq" ON "recruit_hires" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "recruit_hires_status_idx" ON "recruit_hires" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "recruit_interview_places_name_uq" ON "recruit_interview_places" USING btree ("name");--> statement-breakpoint
CREATE INDEX "recruit_interviews_candidate_idx" ON "recruit_interviews" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "recruit_interviews_interviewer_idx" ON "recruit_interviews" USING btree ("interviewer_user_id","starts_at");--> statement-breakpoint
CREATE INDEX "recruit_interviews_place_idx" ON "recruit_interviews" USING btree ("place_id","starts_at");--> statement-breakpoint
CREATE INDEX "recruit_offer_sends_offer_idx" ON "recruit_offer_sends" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "recruit_offer_sends_at_idx" ON "recruit_offer_sends" USING btree ("sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recruit_offers_candidate_uq" ON "recruit_offers" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "recruit_offers_instance_idx" ON "recruit_offers" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "recruit_offers_employ_idx" ON "recruit_offers" USING btree ("employ_stage");--> statement-breakpoint
CREATE INDEX "recruit_resumes_talent_idx" ON "recruit_resumes" USING btree ("talent_id");--> statement-breakpoint
CREATE INDEX "recruit_rpo_demands_client_idx" ON "recruit_rpo_demands" USING btree ("client_company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recruit_rpo_dicts_kind_code_uq" ON "recruit_rpo_dicts" USING btree ("kind","code");--> statement-breakpoint
CREATE UNIQUE INDEX "recruit_rpo_resumes_uq" ON "recruit_rpo_resumes" USING btree ("rpo_demand_id","talent_id");--> statement-breakpoint
CREATE INDEX "recruit_stage_events_candidate_idx" ON "recruit_stage_events" USING btree ("candidate_id","at");--> statement-breakpoint
CREATE INDEX "recruit_stage_events_at_idx" ON "recruit_stage_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "recruit_talents_search_idx" ON "recruit_talents" USING gin ("search_doc");--> statement-breakpoint
CREATE INDEX "recruit_talents_phone_idx" ON "recruit_talents" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "recruit_talents_email_idx" ON "recruit_talents" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "recruit_talents_idcard_idx" ON "recruit_talents" USING btree ("id_card_no");--> statement-breakpoint
CREATE INDEX "recruit_talents_updated_idx" ON "recruit_talents" USING btree ("updated_at","id");
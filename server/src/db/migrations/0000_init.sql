CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"user_code" varchar(64),
	"call" varchar(255) NOT NULL,
	"record_id" varchar(64),
	"before" jsonb,
	"after" jsonb,
	"ip" varchar(64),
	"request_id" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" varchar(64),
	"user_agent" varchar(255),
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "app_releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"platform" varchar(16) NOT NULL,
	"version" varchar(32) NOT NULL,
	"download_url" varchar(500) NOT NULL,
	"notes" varchar(1000),
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "authz_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demand_supplies" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"supply_type" varchar(8) NOT NULL,
	"contact_name" varchar(64),
	"contact_phone" varchar(32),
	"email" varchar(128),
	"org_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "dict_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_type" varchar(64) NOT NULL,
	"code" varchar(32) NOT NULL,
	"code_name" varchar(64) NOT NULL,
	"parent_id" integer,
	"comments" varchar(255),
	"color" varchar(16),
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "dict_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_type" varchar(64) NOT NULL,
	"name" varchar(64) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "interviewers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"round" varchar(8) NOT NULL,
	"expertise" varchar(255),
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"type" varchar(1) NOT NULL,
	"name" varchar(64) NOT NULL,
	"title" varchar(64) NOT NULL,
	"path" varchar(255) DEFAULT '' NOT NULL,
	"component" varchar(255) DEFAULT '' NOT NULL,
	"redirect" varchar(255),
	"icon" varchar(64),
	"perms" varchar(128),
	"hidden" boolean DEFAULT false NOT NULL,
	"always_show" boolean DEFAULT false NOT NULL,
	"app_type" varchar(8) DEFAULT 'back' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "org_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"code" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"type" varchar(16) NOT NULL,
	"path" text NOT NULL,
	"depth" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"leader_user_id" integer,
	"is_client" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "password_reset_codes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_menus" (
	"role_id" integer NOT NULL,
	"menu_id" integer NOT NULL,
	CONSTRAINT "role_menus_role_id_menu_id_pk" PRIMARY KEY("role_id","menu_id")
);
--> statement-breakpoint
CREATE TABLE "role_orgs" (
	"role_id" integer NOT NULL,
	"org_id" integer NOT NULL,
	CONSTRAINT "role_orgs_role_id_org_id_pk" PRIMARY KEY("role_id","org_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(64) NOT NULL,
	"data_scope" varchar(16) DEFAULT 'self' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "user_app_shortcuts" (
	"user_id" integer NOT NULL,
	"menu_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_app_shortcuts_user_id_menu_id_pk" PRIMARY KEY("user_id","menu_id")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_code" varchar(64) NOT NULL,
	"real_name" varchar(64) NOT NULL,
	"name_pinyin" varchar(64) DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"email" varchar(128),
	"phone" varchar(32),
	"org_id" integer,
	"company_id" integer,
	"person_category" varchar(8) DEFAULT '001' NOT NULL,
	"outsource" varchar(8) DEFAULT '000' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "file_link_keys" (
	"id" integer PRIMARY KEY NOT NULL,
	"secret" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" varchar(32) NOT NULL,
	"storage_key" varchar(200) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_suffix" varchar(16) NOT NULL,
	"file_type" varchar(16) NOT NULL,
	"mime_type" varchar(128) NOT NULL,
	"size" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"module_name" varchar(64),
	"function_name" varchar(64),
	"owner_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "birthday_blessings" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_user_id" integer NOT NULL,
	"to_user_id" integer NOT NULL,
	"day" date NOT NULL,
	"content" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "employee_materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"category" varchar(8) NOT NULL,
	"file_id" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "greeted_sessions" (
	"session_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_capsules" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"employee_id" integer,
	"year" integer NOT NULL,
	"content" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "confirmations" (
	"id" serial PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"applicant_user_id" integer NOT NULL,
	"process_instance_id" integer,
	"confirm_type" varchar(32) NOT NULL,
	"pre_confirm_date" date NOT NULL,
	"confirm_date" date NOT NULL,
	"is_report" varchar(8) NOT NULL,
	"is_change_grade" varchar(8) NOT NULL,
	"new_grade_id" integer,
	"old_grade_id" integer,
	"is_change_salary" varchar(8) NOT NULL,
	"new_salary_cents" integer,
	"old_salary_cents" integer,
	"assess_model" varchar(32) NOT NULL,
	"opinion" varchar(1000),
	"advantage" varchar(1000),
	"improve_point" varchar(1000),
	"material_file_id" integer,
	"material_file_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"status" varchar(16) DEFAULT 'approving' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"employee_code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"gender" varchar(8),
	"org_id" integer,
	"company_id" integer,
	"accredit_org_id" integer,
	"position_name" varchar(64),
	"grade_id" integer,
	"person_category" varchar(8) DEFAULT '001' NOT NULL,
	"outsource" varchar(8) DEFAULT '000' NOT NULL,
	"entry_date" date,
	"birthday" date,
	"probation_months" integer DEFAULT 3 NOT NULL,
	"status" varchar(8) DEFAULT '003' NOT NULL,
	"regular_status" varchar(8) DEFAULT '001' NOT NULL,
	"salary_cents" integer,
	"phone" varchar(32),
	"email" varchar(128),
	"id_card_no" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "grades" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"level" integer NOT NULL,
	"org_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "message_receivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"msg_type" varchar(3) NOT NULL,
	"read_at" timestamp with time zone,
	"top_flag" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"msg_type" varchar(3) NOT NULL,
	"title" varchar(200) NOT NULL,
	"content" text NOT NULL,
	"summary" varchar(200) DEFAULT '' NOT NULL,
	"sender_id" integer,
	"link" varchar(255),
	"receiver_scope" varchar(8) DEFAULT 'users' NOT NULL,
	"receiver_org_id" integer,
	"receiver_user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attachment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"top_flag" boolean DEFAULT false NOT NULL,
	"todo" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic" varchar(64) NOT NULL,
	"payload" jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"last_error" varchar(1000)
);
--> statement-breakpoint
CREATE TABLE "wf_definitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"version" integer NOT NULL,
	"category" varchar(64),
	"xml" text NOT NULL,
	"model" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "wf_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"task_id" integer,
	"node_id" varchar(128),
	"node_name" varchar(128) NOT NULL,
	"action" varchar(16) NOT NULL,
	"operate_type" integer NOT NULL,
	"approval_flag" integer NOT NULL,
	"user_id" integer NOT NULL,
	"target_user_id" integer,
	"message" varchar(1000),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_instances" (
	"id" serial PRIMARY KEY NOT NULL,
	"definition_id" integer NOT NULL,
	"process_key" varchar(64) NOT NULL,
	"process_name" varchar(128) NOT NULL,
	"business_id" varchar(64) NOT NULL,
	"title" varchar(200) NOT NULL,
	"initiator_user_id" integer NOT NULL,
	"status" varchar(16) DEFAULT 'running' NOT NULL,
	"vars" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"chosen" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" jsonb DEFAULT '{"joins":{}}'::jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"last_urged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "wf_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"node_id" varchar(128) NOT NULL,
	"node_name" varchar(128) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"activation" integer DEFAULT 0 NOT NULL,
	"mode" varchar(8) DEFAULT 'any' NOT NULL,
	"seq" double precision DEFAULT 0 NOT NULL,
	"assignee_user_id" integer,
	"candidate_user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"outcome" varchar(16),
	"completed_by" integer,
	"message" varchar(1000),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "demand_supplies_code_uq" ON "demand_supplies" USING btree ("code");--> statement-breakpoint
CREATE INDEX "demand_supplies_org_idx" ON "demand_supplies" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dict_items_type_code_uq" ON "dict_items" USING btree ("code_type","code");--> statement-breakpoint
CREATE UNIQUE INDEX "dict_types_code_uq" ON "dict_types" USING btree ("code_type");--> statement-breakpoint
CREATE UNIQUE INDEX "interviewers_user_uq" ON "interviewers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "menus_parent_idx" ON "menus" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "org_units_code_uq" ON "org_units" USING btree ("code");--> statement-breakpoint
CREATE INDEX "org_units_path_idx" ON "org_units" USING btree ("path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "org_units_parent_idx" ON "org_units" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "role_menus_menu_idx" ON "role_menus" USING btree ("menu_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_code_uq" ON "roles" USING btree ("code");--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_code_uq" ON "users" USING btree (lower("user_code"));--> statement-breakpoint
CREATE INDEX "users_org_idx" ON "users" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("real_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_code_trgm_idx" ON "users" USING gin ("user_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_pinyin_trgm_idx" ON "users" USING gin ("name_pinyin" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "files_storage_key_uq" ON "files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "files_group_idx" ON "files" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "birthday_blessings_uq" ON "birthday_blessings" USING btree ("from_user_id","to_user_id","day");--> statement-breakpoint
CREATE INDEX "birthday_blessings_to_idx" ON "birthday_blessings" USING btree ("to_user_id","day");--> statement-breakpoint
CREATE INDEX "employee_materials_emp_idx" ON "employee_materials" USING btree ("employee_id","category");--> statement-breakpoint
CREATE UNIQUE INDEX "time_capsules_user_year_uq" ON "time_capsules" USING btree ("user_id","year");--> statement-breakpoint
CREATE INDEX "confirmations_employee_idx" ON "confirmations" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "confirmations_instance_idx" ON "confirmations" USING btree ("process_instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_code_uq" ON "employees" USING btree ("employee_code");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_user_uq" ON "employees" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "employees_org_idx" ON "employees" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "grades_code_uq" ON "grades" USING btree ("code");--> statement-breakpoint
CREATE INDEX "message_receivers_unread_idx" ON "message_receivers" USING btree ("user_id","msg_type") WHERE "message_receivers"."read_at" IS NULL AND "message_receivers"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "message_receivers_list_idx" ON "message_receivers" USING btree ("user_id","top_flag","created_at");--> statement-breakpoint
CREATE INDEX "message_receivers_message_idx" ON "message_receivers" USING btree ("message_id","user_id");--> statement-breakpoint
CREATE INDEX "messages_type_created_idx" ON "messages" USING btree ("msg_type","created_at");--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("topic","status","available_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wf_definitions_key_version_uq" ON "wf_definitions" USING btree ("key","version");--> statement-breakpoint
CREATE INDEX "wf_events_instance_idx" ON "wf_events" USING btree ("instance_id","id");--> statement-breakpoint
CREATE INDEX "wf_instances_business_idx" ON "wf_instances" USING btree ("process_key","business_id");--> statement-breakpoint
CREATE INDEX "wf_instances_initiator_idx" ON "wf_instances" USING btree ("initiator_user_id","started_at");--> statement-breakpoint
CREATE INDEX "wf_instances_status_idx" ON "wf_instances" USING btree ("status");--> statement-breakpoint
CREATE INDEX "wf_tasks_assignee_idx" ON "wf_tasks" USING btree ("assignee_user_id","status","kind");--> statement-breakpoint
CREATE INDEX "wf_tasks_open_candidates_idx" ON "wf_tasks" USING gin ("candidate_user_ids") WHERE "wf_tasks"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "wf_tasks_instance_idx" ON "wf_tasks" USING btree ("instance_id","status");--> statement-breakpoint
CREATE INDEX "wf_tasks_completed_by_idx" ON "wf_tasks" USING btree ("completed_by","kind");
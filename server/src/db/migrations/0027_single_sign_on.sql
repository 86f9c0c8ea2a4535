CREATE TABLE "sso_logins" (
	"state_hash" varchar(64) PRIMARY KEY NOT NULL,
	"browser_hash" varchar(64) NOT NULL,
	"nonce" varchar(128) NOT NULL,
	"code_verifier" varchar(128) NOT NULL,
	"redirect_uri" varchar(500) NOT NULL,
	"landing" varchar(500) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_sessions" (
	"session_id" integer PRIMARY KEY NOT NULL,
	"id_token" text NOT NULL,
	"subject" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE "messages" ADD COLUMN "receiver_role_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "expire_at" timestamp with time zone;
ALTER TABLE "subscribers" ADD COLUMN "categories" jsonb;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "paused_at" timestamp with time zone;
ALTER TABLE "questionnaire_submissions" ADD COLUMN "answered_storage_key" text;--> statement-breakpoint
ALTER TABLE "questionnaire_submissions" ADD COLUMN "answered_name" text;--> statement-breakpoint
ALTER TABLE "questionnaire_submissions" ADD COLUMN "answered_at" timestamp with time zone;
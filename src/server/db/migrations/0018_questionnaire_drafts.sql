CREATE TABLE "questionnaire_draft_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"draft_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"sheet" text NOT NULL,
	"row" integer NOT NULL,
	"control_id" text,
	"section" text,
	"question" text NOT NULL,
	"answer" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"confidence" text,
	"note" text DEFAULT '' NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"assignee_staff_user_id" uuid,
	"comment" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_staff_user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "questionnaire_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"submission_id" uuid,
	"product_id" uuid,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"storage_key" text NOT NULL,
	"mappings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"audience" jsonb DEFAULT '{"kind":"staff"}'::jsonb NOT NULL,
	"status" text DEFAULT 'mapping' NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"tokens_used" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"created_by_staff_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "questionnaire_draft_rows" ADD CONSTRAINT "questionnaire_draft_rows_draft_id_questionnaire_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."questionnaire_drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_draft_rows" ADD CONSTRAINT "questionnaire_draft_rows_assignee_staff_user_id_staff_users_id_fk" FOREIGN KEY ("assignee_staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_draft_rows" ADD CONSTRAINT "questionnaire_draft_rows_updated_by_staff_user_id_staff_users_id_fk" FOREIGN KEY ("updated_by_staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_drafts" ADD CONSTRAINT "questionnaire_drafts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_drafts" ADD CONSTRAINT "questionnaire_drafts_submission_id_questionnaire_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."questionnaire_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_drafts" ADD CONSTRAINT "questionnaire_drafts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_drafts" ADD CONSTRAINT "questionnaire_drafts_created_by_staff_user_id_staff_users_id_fk" FOREIGN KEY ("created_by_staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_draft_rows_position" ON "questionnaire_draft_rows" USING btree ("draft_id","position");--> statement-breakpoint
CREATE INDEX "questionnaire_drafts_org_idx" ON "questionnaire_drafts" USING btree ("organisation_id","created_at");
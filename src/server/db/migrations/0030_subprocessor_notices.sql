CREATE TABLE "subprocessor_announced_lists" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"entries" jsonb NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subprocessor_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"changes" jsonb NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"topic_id" uuid,
	"published_by_staff_user_id" uuid,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subprocessor_objections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"notice_id" uuid NOT NULL,
	"change_key" text NOT NULL,
	"email" text NOT NULL,
	"via" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by_staff_user_id" uuid
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "subprocessor_notice_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "subprocessor_announced_lists" ADD CONSTRAINT "subprocessor_announced_lists_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subprocessor_announced_lists" ADD CONSTRAINT "subprocessor_announced_lists_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subprocessor_notices" ADD CONSTRAINT "subprocessor_notices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subprocessor_notices" ADD CONSTRAINT "subprocessor_notices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subprocessor_objections" ADD CONSTRAINT "subprocessor_objections_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subprocessor_objections" ADD CONSTRAINT "subprocessor_objections_notice_id_subprocessor_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."subprocessor_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subprocessor_notices_org_effective_idx" ON "subprocessor_notices" USING btree ("organisation_id","effective_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subprocessor_objections_one_per_change" ON "subprocessor_objections" USING btree ("notice_id","change_key","email");
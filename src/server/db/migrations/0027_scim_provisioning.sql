CREATE TABLE "organisation_scim" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"token_hint" text NOT NULL,
	"created_by_staff_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "organisation_scim_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "scim_profile" jsonb;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "scim_removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisation_scim" ADD CONSTRAINT "organisation_scim_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_scim" ADD CONSTRAINT "organisation_scim_created_by_staff_user_id_staff_users_id_fk" FOREIGN KEY ("created_by_staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;
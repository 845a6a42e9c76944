CREATE TABLE "byoid_token_uses" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "kind" text DEFAULT 'access' NOT NULL;--> statement-breakpoint
ALTER TABLE "access_requests" ADD COLUMN "declined_by" text;--> statement-breakpoint
ALTER TABLE "byoid_token_uses" ADD CONSTRAINT "byoid_token_uses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "byoid_token_uses_expires_idx" ON "byoid_token_uses" USING btree ("expires_at");
ALTER TABLE "staff_users" ADD COLUMN "role" text DEFAULT 'viewer' NOT NULL;--> statement-breakpoint
-- Staff who could edit kept every console power they had (staff, settings, access): admin. The rest read.
UPDATE "staff_users" SET "role" = CASE WHEN "permissions" ? 'statuspage:edit' THEN 'admin' ELSE 'viewer' END;
--> statement-breakpoint
-- Each organisation's longest-serving active editor (else its longest-serving active person) becomes its owner.
UPDATE "staff_users" SET "role" = 'owner' WHERE "id" IN (
  SELECT DISTINCT ON ("organisation_id") "id" FROM "staff_users"
  WHERE NOT "is_disabled"
  ORDER BY "organisation_id", ("permissions" ? 'statuspage:edit') DESC, "created_at", "id"
);

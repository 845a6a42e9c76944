-- One webhook system (issue 31 §4): the access webhooks join the webhooks table with their events, each
-- update webhook gets the event it always had, and queued deliveries move to the one delivery queue.
-- access_webhooks stays for this release (a node of the release before may still serve during a rolling
-- upgrade); the next release drops it (docs/operations.md, Upgrade).
ALTER TABLE "webhooks" ADD COLUMN "events" jsonb DEFAULT '["update.published"]'::jsonb NOT NULL;--> statement-breakpoint
INSERT INTO "webhooks" ("id", "organisation_id", "url", "secret", "events", "categories", "is_active", "failure_count", "last_delivered_at", "created_at")
SELECT "id", "organisation_id", "url", "secret", "events", '[]'::jsonb, "is_active", "failure_count", "last_delivered_at", "created_at"
FROM "access_webhooks";--> statement-breakpoint
UPDATE "jobs" SET "queue" = 'webhooks.deliver', "payload" = "payload" || '{"event":"update.published"}'::jsonb
WHERE "queue" = 'updates.webhook';--> statement-breakpoint
UPDATE "jobs" SET "queue" = 'webhooks.deliver' WHERE "queue" = 'access.webhook';

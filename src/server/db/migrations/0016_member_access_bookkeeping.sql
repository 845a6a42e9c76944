-- Bookkeeping changes no one's rights: an account's expiry reminder and announcement marks, a member's
-- last sign-in. An update bumps the access revision (and drops every cached member session of the
-- organisation, decision 265) only when a row changed in anything else, so new columns count by default.
DROP TRIGGER accounts_member_access_update ON accounts;
--> statement-breakpoint
DROP TRIGGER account_members_member_access_update ON account_members;
--> statement-breakpoint
CREATE FUNCTION member_access_changed_unless_bookkeeping() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bookkeeping text[] := TG_ARGV;
BEGIN
  PERFORM bump_member_access(ARRAY(
    SELECT DISTINCT changed.organisation_id FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.organisation_id), (n.organisation_id)) AS changed(organisation_id)
    WHERE to_jsonb(o) - bookkeeping IS DISTINCT FROM to_jsonb(n) - bookkeeping
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER accounts_member_access_update AFTER UPDATE ON accounts
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
EXECUTE FUNCTION member_access_changed_unless_bookkeeping('expiry_reminder_sent_for', 'expiry_announced_for');
--> statement-breakpoint
CREATE TRIGGER account_members_member_access_update AFTER UPDATE ON account_members
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
EXECUTE FUNCTION member_access_changed_unless_bookkeeping('last_sign_in_at');

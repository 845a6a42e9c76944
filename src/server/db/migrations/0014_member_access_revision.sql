ALTER TABLE "organisations" ADD COLUMN "access_revision" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- Every write that can change what a signed-in member may see bumps their organisation's access_revision
-- and notifies every node, so a node's cached sessions and grants (plugins/member-access-cache.ts)
-- are never used after the write commits. Statement-level: a bulk change pays once per statement.
CREATE FUNCTION bump_member_access(organisation_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  bumped record;
BEGIN
  FOR bumped IN
    UPDATE organisations SET access_revision = access_revision + 1
    WHERE id = ANY(organisation_ids) RETURNING id, access_revision
  LOOP
    PERFORM pg_notify('attest_member_access_changed', bumped.id::text || ':' || bumped.access_revision::text);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION member_access_changed_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_member_access(ARRAY(SELECT DISTINCT organisation_id FROM changed_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION member_access_changed_profile_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_member_access(ARRAY(
    SELECT DISTINCT p.organisation_id FROM changed_rows c
    JOIN permission_profiles p ON p.id = c.permission_profile_id
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION member_access_changed_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_member_access(ARRAY[OLD.organisation_id, NEW.organisation_id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Activity (last_seen_at, written at most once a minute) changes no rights; anything else does.
CREATE TRIGGER sessions_member_access_update AFTER UPDATE ON sessions FOR EACH ROW
WHEN (OLD.expires_at IS DISTINCT FROM NEW.expires_at OR OLD.kind IS DISTINCT FROM NEW.kind
  OR OLD.organisation_id IS DISTINCT FROM NEW.organisation_id
  OR OLD.account_member_id IS DISTINCT FROM NEW.account_member_id
  OR OLD.staff_user_id IS DISTINCT FROM NEW.staff_user_id OR OLD.csrf_token IS DISTINCT FROM NEW.csrf_token)
EXECUTE FUNCTION member_access_changed_session();
--> statement-breakpoint
CREATE TRIGGER sessions_member_access_delete AFTER DELETE ON sessions REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_access_changed_rows();
--> statement-breakpoint
CREATE TRIGGER account_members_member_access_update AFTER UPDATE ON account_members REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_access_changed_rows();
--> statement-breakpoint
CREATE TRIGGER account_members_member_access_delete AFTER DELETE ON account_members REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_access_changed_rows();
--> statement-breakpoint
CREATE TRIGGER accounts_member_access_update AFTER UPDATE ON accounts REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_access_changed_rows();
--> statement-breakpoint
CREATE TRIGGER accounts_member_access_delete AFTER DELETE ON accounts REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_access_changed_rows();
--> statement-breakpoint
CREATE TRIGGER permission_profiles_member_access_update AFTER UPDATE ON permission_profiles REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_access_changed_rows();
--> statement-breakpoint
CREATE TRIGGER permission_profiles_member_access_delete AFTER DELETE ON permission_profiles REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_access_changed_rows();
--> statement-breakpoint
CREATE TRIGGER nda_versions_member_access_insert AFTER INSERT ON nda_versions REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_access_changed_rows();
--> statement-breakpoint
CREATE TRIGGER nda_versions_member_access_update AFTER UPDATE ON nda_versions REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_access_changed_rows();
--> statement-breakpoint
CREATE TRIGGER nda_versions_member_access_delete AFTER DELETE ON nda_versions REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_access_changed_rows();
--> statement-breakpoint
CREATE TRIGGER nda_acceptances_member_access_insert AFTER INSERT ON nda_acceptances REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_access_changed_rows();
--> statement-breakpoint
CREATE TRIGGER nda_acceptances_member_access_update AFTER UPDATE ON nda_acceptances REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_access_changed_rows();
--> statement-breakpoint
CREATE TRIGGER nda_acceptances_member_access_delete AFTER DELETE ON nda_acceptances REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_access_changed_rows();
--> statement-breakpoint
CREATE TRIGGER access_settings_member_access_insert AFTER INSERT ON access_settings REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_access_changed_rows();
--> statement-breakpoint
CREATE TRIGGER access_settings_member_access_update AFTER UPDATE ON access_settings REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_access_changed_rows();
--> statement-breakpoint
CREATE TRIGGER access_settings_member_access_delete AFTER DELETE ON access_settings REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_access_changed_rows();
--> statement-breakpoint
CREATE TRIGGER permission_profile_items_member_access_insert AFTER INSERT ON permission_profile_items REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_access_changed_profile_items();
--> statement-breakpoint
CREATE TRIGGER permission_profile_items_member_access_update AFTER UPDATE ON permission_profile_items REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_access_changed_profile_items();
--> statement-breakpoint
CREATE TRIGGER permission_profile_items_member_access_delete AFTER DELETE ON permission_profile_items REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION member_access_changed_profile_items();

-- Who may do what is cached by every instance (auth/auth-cache.ts). A commit that changes it notifies channel
-- fc_auth_changed with '<table>:<user id>', or '<table>:*' when it may concern anyone; each instance drops what it
-- cached for them. pg_notify folds identical payloads of one transaction into one.
CREATE FUNCTION fc_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  who text;
BEGIN
  IF TG_TABLE_NAME IN ('roles', 'companies') THEN
    who := '*';
  ELSIF TG_TABLE_NAME = 'users' THEN
    who := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END::text;
  ELSE
    who := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END::text;
  END IF;
  PERFORM pg_notify('fc_auth_changed', TG_TABLE_NAME || ':' || who);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A session matters once it is ended (last_seen_at moves every minute of use and says nothing new).
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OF revoked_at OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION fc_auth_changed();
--> statement-breakpoint
-- What a session shows or is refused for; not the password hash or the last sign-in time.
CREATE TRIGGER users_auth_changed
  AFTER UPDATE OF email, first_name, last_name, phone_prefix, phone_number, is_super_admin, disabled_at OR DELETE
  ON users FOR EACH ROW EXECUTE FUNCTION fc_auth_changed();
--> statement-breakpoint
CREATE TRIGGER memberships_auth_changed AFTER INSERT OR UPDATE OR DELETE ON memberships
  FOR EACH ROW EXECUTE FUNCTION fc_auth_changed();
--> statement-breakpoint
CREATE TRIGGER role_assignments_auth_changed AFTER INSERT OR UPDATE OR DELETE ON role_assignments
  FOR EACH ROW EXECUTE FUNCTION fc_auth_changed();
--> statement-breakpoint
CREATE TRIGGER roles_auth_changed AFTER UPDATE OR DELETE ON roles
  FOR EACH ROW EXECUTE FUNCTION fc_auth_changed();
--> statement-breakpoint
CREATE TRIGGER companies_auth_changed AFTER INSERT OR UPDATE OR DELETE ON companies
  FOR EACH ROW EXECUTE FUNCTION fc_auth_changed();

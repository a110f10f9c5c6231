-- Every instance keeps every lift live (modules/lifts/link/lift-live-store.ts), and the instance carrying a building
-- runs its rides and sessions: a lift, bank or gateway created, edited or removed through one instance must reach
-- the others. A commit that changes what the live store holds notifies channel fc_lifts_changed with
-- `<kind>:<id>` (lift, bank or gateway); each instance reads it again, or forgets it (link/lift-changes.ts).
CREATE FUNCTION fc_lift_config_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fc_lifts_changed',
    TG_ARGV[0] || ':' || CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- What a lift's live identity holds (identityOfLift); its landings, floors and test times are read where used.
CREATE TRIGGER lifts_changed
  AFTER INSERT OR UPDATE OF company_id, bank_id, name, gateway_lift_name, gateway_id, enabled_for_robots, out_of_service
  OR DELETE ON lifts FOR EACH ROW EXECUTE FUNCTION fc_lift_config_changed('lift');
--> statement-breakpoint
-- A bank's building (its lifts'), its gateway and its policy (the limit of robot sessions at once).
CREATE TRIGGER lift_banks_changed
  AFTER INSERT OR UPDATE OF building_id, gateway_id, policy OR DELETE ON lift_banks
  FOR EACH ROW EXECUTE FUNCTION fc_lift_config_changed('bank');
--> statement-breakpoint
-- A gateway is known or not; its name and password feed nothing live.
CREATE TRIGGER lift_gateways_changed
  AFTER INSERT OR DELETE ON lift_gateways FOR EACH ROW EXECUTE FUNCTION fc_lift_config_changed('gateway');

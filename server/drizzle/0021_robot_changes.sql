-- Every instance follows every robot live (fleet/fleet-service.ts): a robot registered, edited or removed through
-- one instance must be followed by the others. A commit that changes who a robot is notifies channel
-- fc_robots_changed with its id; each instance reads the robot again (or forgets it).
CREATE FUNCTION fc_robot_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fc_robots_changed', CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Not the MQTT password's hash: it changes nothing the live fleet holds.
CREATE TRIGGER robots_changed
  AFTER INSERT OR UPDATE OF company_id, building_id, name, manufacturer, serial_number, model, expected_interval_seconds
  OR DELETE ON robots FOR EACH ROW EXECUTE FUNCTION fc_robot_changed();

-- clients.resources_version moves on with every change to a client's console resources, in the
-- change's own transaction: one statement trigger per table and event (PostgreSQL allows
-- transition tables on single-event triggers only).
CREATE FUNCTION bump_resources_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE clients SET resources_version = resources_version + 1
      WHERE id IN (SELECT DISTINCT client_id FROM old_rows);
  ELSE
    UPDATE clients SET resources_version = resources_version + 1
      WHERE id IN (SELECT DISTINCT client_id FROM new_rows);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['vms', 'disks', 'vnis', 'vm_firewalls', 'vpcs', 'firewalls'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION bump_resources_version()', t || '_version_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION bump_resources_version()', t || '_version_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION bump_resources_version()', t || '_version_delete', t);
  END LOOP;
END
$$;

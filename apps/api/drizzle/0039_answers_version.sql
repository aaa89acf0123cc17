-- Kept answers beyond the lists (decision 0028): the dashboard, the search, the order lists and
-- their CSV are kept by the client's resources version too, so every table they read moves it
-- on: orders and their history, the data-store terms, the IAM users (the search finds them), the
-- tags, and a ticket's conversation and attachments (its kept detail) (migration 0012's function).
-- One function gives a table the three triggers, for this migration and the ones to come.
CREATE FUNCTION add_resources_version_triggers(t text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION bump_resources_version()', t || '_version_insert', t);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION bump_resources_version()', t || '_version_update', t);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION bump_resources_version()', t || '_version_delete', t);
END
$$;
--> statement-breakpoint
SELECT add_resources_version_triggers(t)
FROM unnest(ARRAY['orders', 'order_events', 'ccis_terms', 'users', 'resource_tags', 'ticket_responses',
  'ticket_attachments']) AS t;

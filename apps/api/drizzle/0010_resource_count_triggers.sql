-- Keep resource_counts in step with the tables whose lists show a total: one statement trigger
-- per change, counting the statement's rows by client (a batch insert costs one update).
CREATE FUNCTION count_resource_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO resource_counts (client_id, res_type, n)
      SELECT client_id, TG_TABLE_NAME, count(*) FROM new_rows GROUP BY client_id
      ON CONFLICT (client_id, res_type) DO UPDATE SET n = resource_counts.n + excluded.n;
  ELSE
    UPDATE resource_counts c SET n = c.n - d.k
      FROM (SELECT client_id, count(*) AS k FROM old_rows GROUP BY client_id) d
      WHERE c.client_id = d.client_id AND c.res_type = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER vms_count_insert AFTER INSERT ON vms REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_resource_rows();
--> statement-breakpoint
CREATE TRIGGER vms_count_delete AFTER DELETE ON vms REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_resource_rows();
--> statement-breakpoint
CREATE TRIGGER disks_count_insert AFTER INSERT ON disks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_resource_rows();
--> statement-breakpoint
CREATE TRIGGER disks_count_delete AFTER DELETE ON disks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_resource_rows();
--> statement-breakpoint
CREATE TRIGGER vnis_count_insert AFTER INSERT ON vnis REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_resource_rows();
--> statement-breakpoint
CREATE TRIGGER vnis_count_delete AFTER DELETE ON vnis REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_resource_rows();
--> statement-breakpoint
INSERT INTO resource_counts (client_id, res_type, n)
  SELECT client_id, 'vms', count(*) FROM vms GROUP BY client_id
  UNION ALL SELECT client_id, 'disks', count(*) FROM disks GROUP BY client_id
  UNION ALL SELECT client_id, 'vnis', count(*) FROM vnis GROUP BY client_id
  ON CONFLICT (client_id, res_type) DO UPDATE SET n = excluded.n;

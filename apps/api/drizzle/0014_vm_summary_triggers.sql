-- Keep each VM's summary of its disks, interfaces and firewalls (vms.root_disk_gb,
-- data_disk_count, first_vni_id, firewall_ids) in step with those tables, in the change's own
-- transaction. One statement trigger per table and event: a batch costs one update of its VMs.
-- Changes that do not move a summary (a disk's status, as operations report it) touch no VM,
-- so they neither rewrite nor lock its row.
CREATE FUNCTION refresh_vm_summaries(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE vms v SET
    root_disk_gb = coalesce((SELECT d.size_gb FROM disks d WHERE d.vm_id = v.id AND d.is_root LIMIT 1), 0),
    data_disk_count = (SELECT count(*) FROM disks d WHERE d.vm_id = v.id AND NOT d.is_root),
    first_vni_id = (SELECT n.id FROM vnis n WHERE n.vm_id = v.id ORDER BY n.created_at, n.id LIMIT 1),
    firewall_ids = coalesce(
      (SELECT array_agg(f.firewall_id ORDER BY f.sort, f.firewall_id) FROM vm_firewalls f WHERE f.vm_id = v.id),
      '{}')
  WHERE v.id = ANY (ids)
$$;
--> statement-breakpoint
-- The VMs a statement on disks, vnis or vm_firewalls may have changed the summary of: every VM
-- of an inserted or deleted row; of an updated row, the VMs before and after when a column the
-- summary reads changed (TG_ARGV: those columns, as a row expression over the table's alias).
CREATE FUNCTION vm_summary_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT vm_id) INTO ids FROM new_rows WHERE vm_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT vm_id) INTO ids FROM old_rows WHERE vm_id IS NOT NULL;
  ELSE
    EXECUTE format(
      'SELECT array_agg(DISTINCT x) FROM (
         SELECT unnest(ARRAY[o.vm_id, n.vm_id]) AS x FROM old_rows o JOIN new_rows n USING (%s)
         WHERE (%s) IS DISTINCT FROM (%s)) c
       WHERE x IS NOT NULL',
      TG_ARGV[0], replace(TG_ARGV[1], '$', 'o'), replace(TG_ARGV[1], '$', 'n'))
      INTO ids;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM refresh_vm_summaries(ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t record;
BEGIN
  -- The table, the key its old and new rows are matched on, and the columns the summary reads.
  FOR t IN SELECT * FROM (VALUES
    ('disks', 'id', '$.vm_id, $.size_gb, $.is_root'),
    ('vnis', 'id', '$.vm_id, $.created_at'),
    ('vm_firewalls', 'vm_id, firewall_id', '$.vm_id, $.sort')
  ) AS s (name, key, watched) LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION vm_summary_changed()', t.name || '_vm_summary_insert', t.name);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION vm_summary_changed()', t.name || '_vm_summary_delete', t.name);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION vm_summary_changed(%L, %L)',
      t.name || '_vm_summary_update', t.name, t.key, t.watched);
  END LOOP;
END
$$;
--> statement-breakpoint
SELECT refresh_vm_summaries(array_agg(id)) FROM vms;

-- Cloud-exchange connections are metered (their port, `ccx.port`, once done): the report orders
-- lines by kind, and the kinds now include `exchange`, so its index is made again with the new list.
DROP INDEX "usage_monthly_client_month_kind_idx";--> statement-breakpoint
CREATE INDEX "usage_monthly_client_month_kind_idx" ON "usage_monthly" USING btree ("client_id","month",array_position(ARRAY['vm', 'disk', 'snapshot', 'bucket', 'vpc', 'balancer', 'firewall', 'exchange', 'cluster', 'dataStore']::text[], "resource_kind"),"resource_name");
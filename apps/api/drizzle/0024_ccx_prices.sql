-- CCX clusters (issue 11): the management surcharge of a managed cluster, per node vCPU-hour, on
-- top of its nodes' vCPU and memory at the VM prices (packages/shared/src/pricing/estimate.ts,
-- clusterMonthlyEstimate). Shown on the Virtual Machine product's price page: a cluster's nodes
-- are virtual machines the cloud runs for you.
INSERT INTO "price_items" ("code", "resource_type_id", "name_c", "name_e", "unit", "unit_price", "sort") VALUES
	('cluster.database', (SELECT "id" FROM "resource_types" WHERE "product_name_e" = 'Virtual Machine'), 'CCX 託管資料庫管理費', 'CCX managed database fee', 'vcpuHour', 0.3500, 23),
	('cluster.kubernetes', (SELECT "id" FROM "resource_types" WHERE "product_name_e" = 'Virtual Machine'), 'CCX 託管 Kubernetes 管理費', 'CCX managed Kubernetes fee', 'vcpuHour', 0.2000, 24)
ON CONFLICT ("code") DO NOTHING;

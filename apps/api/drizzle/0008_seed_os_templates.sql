-- The OS images VMs are created from (GET /api/templates). Fixed ids, so demo data and tests can name them.
INSERT INTO "os_templates" ("id", "os_name", "version", "family", "min_disk_gb", "licensed", "sort") VALUES
	('6a1f0c1e-0000-4000-8000-000000000001', 'Ubuntu', '24.04 LTS', 'linux', 50, false, 1),
	('6a1f0c1e-0000-4000-8000-000000000002', 'Ubuntu', '22.04 LTS', 'linux', 50, false, 2),
	('6a1f0c1e-0000-4000-8000-000000000003', 'Debian', '12', 'linux', 50, false, 3),
	('6a1f0c1e-0000-4000-8000-000000000004', 'Rocky Linux', '9', 'linux', 50, false, 4),
	('6a1f0c1e-0000-4000-8000-000000000005', 'Windows Server', '2022 Datacenter', 'windows', 50, true, 5),
	('6a1f0c1e-0000-4000-8000-000000000006', 'Windows Server', '2019 Datacenter', 'windows', 50, true, 6);

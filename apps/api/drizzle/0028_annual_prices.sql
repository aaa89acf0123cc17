-- Annual contracts (issue 13): a VM converted to an annual order is charged every hour of its term,
-- running or not, at these lower hourly prices instead of vm.vcpu and vm.ram. The product's price
-- page lists them beside the on-demand prices.
INSERT INTO "price_items" ("code", "resource_type_id", "name_c", "name_e", "unit", "unit_price", "sort") VALUES
	('vm.vcpu.annual', (SELECT "id" FROM "resource_types" WHERE "product_name_e" = 'Virtual Machine'), 'vCPU（年約）', 'vCPU (annual contract)', 'vcpuHour', 0.6000, 5),
	('vm.ram.annual', (SELECT "id" FROM "resource_types" WHERE "product_name_e" = 'Virtual Machine'), '記憶體（年約）', 'Memory (annual contract)', 'gbRamHour', 0.3000, 6);

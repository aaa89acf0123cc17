-- The cloud products of the portal's product menu, in the order they are shown.
INSERT INTO "resource_types" ("product_name_c", "product_name_e", "sort") VALUES
	('虛擬主機', 'Virtual Machine', 1),
	('磁碟', 'Disk', 2),
	('快照', 'Snapshot', 3),
	('虛擬私有雲 (VPC)', 'Virtual Private Cloud (VPC)', 4),
	('防火牆', 'Firewall', 5),
	('負載平衡器', 'Load Balancer', 6),
	('物件儲存', 'Object Storage', 7),
	('資料儲存合約 (CCIS)', 'Data Store Contract (CCIS)', 8),
	('雲端交換', 'Cloud Exchange', 9);

ALTER TABLE "vms" ADD COLUMN "root_disk_gb" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vms" ADD COLUMN "data_disk_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vms" ADD COLUMN "first_vni_id" uuid;--> statement-breakpoint
ALTER TABLE "vms" ADD COLUMN "firewall_ids" uuid[] DEFAULT '{}' NOT NULL;
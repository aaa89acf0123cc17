CREATE TABLE "disks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"size_gb" integer NOT NULL,
	"speed" integer NOT NULL,
	"status" integer NOT NULL,
	"status_reason" text,
	"pending_operation" text,
	"target_speed" integer,
	"is_root" boolean DEFAULT false NOT NULL,
	"vm_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firewalls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"vpc_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" integer NOT NULL,
	"rule_count" integer DEFAULT 0 NOT NULL,
	"pending_operation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "os_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"os_name" text NOT NULL,
	"version" text NOT NULL,
	"family" text NOT NULL,
	"min_disk_gb" integer NOT NULL,
	"licensed" boolean DEFAULT false NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vm_firewalls" (
	"client_id" uuid NOT NULL,
	"vm_id" uuid NOT NULL,
	"firewall_id" uuid NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vm_firewalls_vm_id_firewall_id_pk" PRIMARY KEY("vm_id","firewall_id")
);
--> statement-breakpoint
CREATE TABLE "vms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" integer NOT NULL,
	"status_reason" text,
	"pending_operation" text,
	"template_id" uuid NOT NULL,
	"cpu_core" integer NOT NULL,
	"ram_size" integer NOT NULL,
	"vpc_id" uuid NOT NULL,
	"private_ip" text,
	"public_ip" text,
	"ipv6" text,
	"auto_public_ip" boolean DEFAULT true NOT NULL,
	"hypervisor_id" text,
	"enable_auto_recover" boolean DEFAULT true NOT NULL,
	"enable_termination_protection" boolean DEFAULT false NOT NULL,
	"enable_stop_protection" boolean DEFAULT false NOT NULL,
	"is_annual" boolean DEFAULT false NOT NULL,
	"last_boot_at" timestamp with time zone,
	"last_shutdown_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vnis" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"vm_id" uuid,
	"vpc_id" uuid NOT NULL,
	"firewall_id" uuid,
	"cidr_ipv4" text NOT NULL,
	"private_ipv4" text NOT NULL,
	"public_ip" text,
	"pending_operation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vpcs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" integer NOT NULL,
	"route_level" integer NOT NULL,
	"charge_mode" integer NOT NULL,
	"bandwidth_limit" integer NOT NULL,
	"cidr_ipv4" text NOT NULL,
	"cidr_ipv6" text DEFAULT '-1' NOT NULL,
	"pending_operation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"res_type" text NOT NULL,
	"res_id" uuid NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid,
	"resource_type" text NOT NULL,
	"resource_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"input" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"worker" text,
	"error" text,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sim_faults" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"remaining" integer NOT NULL,
	"error" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_servers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"power" text NOT NULL,
	"cpu" integer NOT NULL,
	"ram_gb" integer NOT NULL,
	"host" text NOT NULL,
	"private_ip" text NOT NULL,
	"public_ip" text,
	"ipv6" text,
	"network" text NOT NULL,
	"booted_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sim_tasks" (
	"operation_id" uuid PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"resource_id" uuid NOT NULL,
	"input" jsonb NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completes_at" timestamp with time zone NOT NULL,
	"fails" boolean DEFAULT false NOT NULL,
	"error" text,
	"applied_at" timestamp with time zone,
	"result" jsonb
);
--> statement-breakpoint
CREATE TABLE "sim_volumes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"size_gb" integer NOT NULL,
	"speed" integer NOT NULL,
	"server_id" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "disks" ADD CONSTRAINT "disks_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disks" ADD CONSTRAINT "disks_vm_id_vms_id_fk" FOREIGN KEY ("vm_id") REFERENCES "public"."vms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firewalls" ADD CONSTRAINT "firewalls_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firewalls" ADD CONSTRAINT "firewalls_vpc_id_vpcs_id_fk" FOREIGN KEY ("vpc_id") REFERENCES "public"."vpcs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vm_firewalls" ADD CONSTRAINT "vm_firewalls_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vm_firewalls" ADD CONSTRAINT "vm_firewalls_vm_id_vms_id_fk" FOREIGN KEY ("vm_id") REFERENCES "public"."vms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vm_firewalls" ADD CONSTRAINT "vm_firewalls_firewall_id_firewalls_id_fk" FOREIGN KEY ("firewall_id") REFERENCES "public"."firewalls"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vms" ADD CONSTRAINT "vms_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vms" ADD CONSTRAINT "vms_template_id_os_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."os_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vms" ADD CONSTRAINT "vms_vpc_id_vpcs_id_fk" FOREIGN KEY ("vpc_id") REFERENCES "public"."vpcs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vnis" ADD CONSTRAINT "vnis_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vnis" ADD CONSTRAINT "vnis_vm_id_vms_id_fk" FOREIGN KEY ("vm_id") REFERENCES "public"."vms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vnis" ADD CONSTRAINT "vnis_vpc_id_vpcs_id_fk" FOREIGN KEY ("vpc_id") REFERENCES "public"."vpcs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vnis" ADD CONSTRAINT "vnis_firewall_id_firewalls_id_fk" FOREIGN KEY ("firewall_id") REFERENCES "public"."firewalls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpcs" ADD CONSTRAINT "vpcs_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_tags" ADD CONSTRAINT "resource_tags_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disks_client_created_idx" ON "disks" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "disks_client_name_idx" ON "disks" USING btree ("client_id","name","id");--> statement-breakpoint
CREATE INDEX "disks_client_size_idx" ON "disks" USING btree ("client_id","size_gb","id");--> statement-breakpoint
CREATE INDEX "disks_client_status_idx" ON "disks" USING btree ("client_id","status","id");--> statement-breakpoint
CREATE INDEX "disks_vm_idx" ON "disks" USING btree ("vm_id");--> statement-breakpoint
CREATE INDEX "firewalls_client_created_idx" ON "firewalls" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "firewalls_client_name_idx" ON "firewalls" USING btree ("client_id","name","id");--> statement-breakpoint
CREATE INDEX "firewalls_vpc_idx" ON "firewalls" USING btree ("vpc_id");--> statement-breakpoint
CREATE INDEX "vm_firewalls_firewall_idx" ON "vm_firewalls" USING btree ("firewall_id");--> statement-breakpoint
CREATE INDEX "vms_client_created_idx" ON "vms" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vms_client_name_idx" ON "vms" USING btree ("client_id","name","id");--> statement-breakpoint
CREATE INDEX "vms_client_status_idx" ON "vms" USING btree ("client_id","status","id");--> statement-breakpoint
CREATE INDEX "vms_client_cpu_idx" ON "vms" USING btree ("client_id","cpu_core","id");--> statement-breakpoint
CREATE INDEX "vms_client_ram_idx" ON "vms" USING btree ("client_id","ram_size","id");--> statement-breakpoint
CREATE INDEX "vms_vpc_idx" ON "vms" USING btree ("vpc_id");--> statement-breakpoint
CREATE INDEX "vnis_client_created_idx" ON "vnis" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vnis_client_ip_idx" ON "vnis" USING btree ("client_id","private_ipv4","id");--> statement-breakpoint
CREATE INDEX "vnis_vm_idx" ON "vnis" USING btree ("vm_id");--> statement-breakpoint
CREATE INDEX "vpcs_client_created_idx" ON "vpcs" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vpcs_client_name_idx" ON "vpcs" USING btree ("client_id","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "resource_tags_res_key_uq" ON "resource_tags" USING btree ("client_id","res_type","res_id","key");--> statement-breakpoint
CREATE INDEX "resource_tags_type_key_idx" ON "resource_tags" USING btree ("client_id","res_type","key");--> statement-breakpoint
CREATE INDEX "operations_open_idx" ON "operations" USING btree ("lease_until") WHERE "operations"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "operations_resource_idx" ON "operations" USING btree ("client_id","resource_type","resource_id","created_at");
CREATE TABLE "sim_network_objects" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"spec" jsonb NOT NULL,
	"server_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ccx_clusters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"vpc_id" uuid NOT NULL,
	"name" text NOT NULL,
	"engine" text NOT NULL,
	"version" text NOT NULL,
	"node_count" integer NOT NULL,
	"node_size" text NOT NULL,
	"target_node_count" integer,
	"endpoint" text,
	"status" integer NOT NULL,
	"status_reason" text,
	"pending_operation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cloud_exchanges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"vpc_id" uuid NOT NULL,
	"provider" integer NOT NULL,
	"pair_key" text NOT NULL,
	"status" integer NOT NULL,
	"status_reason" text,
	"pending_operation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firewall_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"firewall_id" uuid NOT NULL,
	"direction" integer NOT NULL,
	"ip_version" integer NOT NULL,
	"protocol" integer NOT NULL,
	"port" text NOT NULL,
	"cidr" text NOT NULL,
	"operate" integer NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "load_balancer_targets" (
	"load_balancer_id" uuid NOT NULL,
	"vm_id" uuid NOT NULL,
	CONSTRAINT "load_balancer_targets_load_balancer_id_vm_id_pk" PRIMARY KEY("load_balancer_id","vm_id")
);
--> statement-breakpoint
CREATE TABLE "load_balancers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"vpc_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" integer NOT NULL,
	"protocol" text NOT NULL,
	"port" integer NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"health_check" boolean DEFAULT true NOT NULL,
	"x_forwarded_for" boolean DEFAULT false NOT NULL,
	"address" text,
	"certificate_pem" text,
	"certificate_subject" text,
	"certificate_expires_at" timestamp with time zone,
	"key_sealed" text,
	"status" integer NOT NULL,
	"status_reason" text,
	"pending_operation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "public_cloud_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"type" integer NOT NULL,
	"key_id" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"directory_id" text,
	"subscription_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vpc_routes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"vpc_id" uuid NOT NULL,
	"destination" text NOT NULL,
	"target_type" integer NOT NULL,
	"target" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "firewalls" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "vpcs" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "ccx_clusters" ADD CONSTRAINT "ccx_clusters_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccx_clusters" ADD CONSTRAINT "ccx_clusters_vpc_id_vpcs_id_fk" FOREIGN KEY ("vpc_id") REFERENCES "public"."vpcs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_exchanges" ADD CONSTRAINT "cloud_exchanges_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_exchanges" ADD CONSTRAINT "cloud_exchanges_vpc_id_vpcs_id_fk" FOREIGN KEY ("vpc_id") REFERENCES "public"."vpcs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firewall_rules" ADD CONSTRAINT "firewall_rules_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firewall_rules" ADD CONSTRAINT "firewall_rules_firewall_id_firewalls_id_fk" FOREIGN KEY ("firewall_id") REFERENCES "public"."firewalls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_balancer_targets" ADD CONSTRAINT "load_balancer_targets_load_balancer_id_load_balancers_id_fk" FOREIGN KEY ("load_balancer_id") REFERENCES "public"."load_balancers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_balancer_targets" ADD CONSTRAINT "load_balancer_targets_vm_id_vms_id_fk" FOREIGN KEY ("vm_id") REFERENCES "public"."vms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_balancers" ADD CONSTRAINT "load_balancers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_balancers" ADD CONSTRAINT "load_balancers_vpc_id_vpcs_id_fk" FOREIGN KEY ("vpc_id") REFERENCES "public"."vpcs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_cloud_credentials" ADD CONSTRAINT "public_cloud_credentials_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpc_routes" ADD CONSTRAINT "vpc_routes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vpc_routes" ADD CONSTRAINT "vpc_routes_vpc_id_vpcs_id_fk" FOREIGN KEY ("vpc_id") REFERENCES "public"."vpcs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ccx_clusters_client_created_idx" ON "ccx_clusters" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ccx_clusters_client_name_idx" ON "ccx_clusters" USING btree ("client_id","name","id");--> statement-breakpoint
CREATE INDEX "ccx_clusters_vpc_idx" ON "ccx_clusters" USING btree ("vpc_id");--> statement-breakpoint
CREATE INDEX "cloud_exchanges_client_provider_created_idx" ON "cloud_exchanges" USING btree ("client_id","provider","created_at","id");--> statement-breakpoint
CREATE INDEX "cloud_exchanges_vpc_idx" ON "cloud_exchanges" USING btree ("vpc_id");--> statement-breakpoint
CREATE INDEX "firewall_rules_firewall_idx" ON "firewall_rules" USING btree ("firewall_id","position");--> statement-breakpoint
CREATE INDEX "load_balancer_targets_vm_idx" ON "load_balancer_targets" USING btree ("vm_id");--> statement-breakpoint
CREATE INDEX "load_balancers_client_created_idx" ON "load_balancers" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "load_balancers_client_name_idx" ON "load_balancers" USING btree ("client_id","name","id");--> statement-breakpoint
CREATE INDEX "load_balancers_vpc_idx" ON "load_balancers" USING btree ("vpc_id");--> statement-breakpoint
CREATE UNIQUE INDEX "public_cloud_credentials_client_type_idx" ON "public_cloud_credentials" USING btree ("client_id","type");--> statement-breakpoint
CREATE INDEX "vpc_routes_vpc_idx" ON "vpc_routes" USING btree ("vpc_id","position");--> statement-breakpoint
CREATE INDEX "vpcs_client_cidr_idx" ON "vpcs" USING btree ("client_id","cidr_ipv4");--> statement-breakpoint
-- The network lists are kept by the client's resources version like every console list (migration 0012).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['vpc_routes', 'firewall_rules', 'load_balancers', 'cloud_exchanges',
                           'public_cloud_credentials', 'ccx_clusters'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION bump_resources_version()', t || '_version_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION bump_resources_version()', t || '_version_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION bump_resources_version()', t || '_version_delete', t);
  END LOOP;
END
$$;

CREATE TABLE "snapshot_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"cycle" integer NOT NULL,
	"weekday" integer,
	"retained" integer NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"vm_id" uuid,
	"vm_name" text NOT NULL,
	"template_id" uuid NOT NULL,
	"cpu_core" integer NOT NULL,
	"ram_size" integer NOT NULL,
	"disks" jsonb NOT NULL,
	"size_gb" integer NOT NULL,
	"disk_qty" integer NOT NULL,
	"policy_id" uuid,
	"status" integer NOT NULL,
	"status_reason" text,
	"pending_operation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_snapshots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"server_id" uuid NOT NULL,
	"volumes" jsonb NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "time_zone" text DEFAULT 'Asia/Taipei' NOT NULL;--> statement-breakpoint
ALTER TABLE "vms" ADD COLUMN "snapshot_rule_id" uuid;--> statement-breakpoint
ALTER TABLE "snapshot_rules" ADD CONSTRAINT "snapshot_rules_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snapshots" ADD CONSTRAINT "snapshots_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snapshots" ADD CONSTRAINT "snapshots_vm_id_vms_id_fk" FOREIGN KEY ("vm_id") REFERENCES "public"."vms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snapshots" ADD CONSTRAINT "snapshots_template_id_os_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."os_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "snapshots" ADD CONSTRAINT "snapshots_policy_id_snapshot_rules_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."snapshot_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "snapshot_rules_client_created_idx" ON "snapshot_rules" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "snapshot_rules_client_name_idx" ON "snapshot_rules" USING btree ("client_id","name","id");--> statement-breakpoint
CREATE INDEX "snapshot_rules_client_next_idx" ON "snapshot_rules" USING btree ("client_id","next_run_at","id");--> statement-breakpoint
CREATE INDEX "snapshot_rules_due_idx" ON "snapshot_rules" USING btree ("next_run_at");--> statement-breakpoint
CREATE INDEX "snapshots_client_created_idx" ON "snapshots" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "snapshots_client_name_idx" ON "snapshots" USING btree ("client_id","name","id");--> statement-breakpoint
CREATE INDEX "snapshots_client_status_idx" ON "snapshots" USING btree ("client_id","status","id");--> statement-breakpoint
CREATE INDEX "snapshots_client_size_idx" ON "snapshots" USING btree ("client_id","size_gb","id");--> statement-breakpoint
CREATE INDEX "snapshots_vm_idx" ON "snapshots" USING btree ("vm_id");--> statement-breakpoint
CREATE INDEX "snapshots_policy_vm_idx" ON "snapshots" USING btree ("policy_id","vm_id","created_at");--> statement-breakpoint
ALTER TABLE "vms" ADD CONSTRAINT "vms_snapshot_rule_id_snapshot_rules_id_fk" FOREIGN KEY ("snapshot_rule_id") REFERENCES "public"."snapshot_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vms_snapshot_rule_idx" ON "vms" USING btree ("snapshot_rule_id");--> statement-breakpoint
-- Snapshot lists are kept by the client's resources version like every console list (migration 0012).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['snapshots', 'snapshot_rules'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION bump_resources_version()', t || '_version_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION bump_resources_version()', t || '_version_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION bump_resources_version()', t || '_version_delete', t);
  END LOOP;
END
$$;

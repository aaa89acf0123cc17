CREATE TABLE "vm_metric_hourly" (
	"vm_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"cpu_pct" real NOT NULL,
	"mem_pct" real NOT NULL,
	"disk_read_bps" double precision NOT NULL,
	"disk_write_bps" double precision NOT NULL,
	"net_in_bps" double precision NOT NULL,
	"net_out_bps" double precision NOT NULL,
	"cpu_pct_max" real NOT NULL,
	"mem_pct_max" real NOT NULL,
	"samples" integer NOT NULL,
	CONSTRAINT "vm_metric_hourly_vm_id_hour_pk" PRIMARY KEY("vm_id","hour")
);
--> statement-breakpoint
CREATE TABLE "vm_metric_samples" (
	"vm_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"cpu_pct" real NOT NULL,
	"mem_pct" real NOT NULL,
	"disk_read_bps" double precision NOT NULL,
	"disk_write_bps" double precision NOT NULL,
	"net_in_bps" double precision NOT NULL,
	"net_out_bps" double precision NOT NULL,
	CONSTRAINT "vm_metric_samples_vm_id_at_pk" PRIMARY KEY("vm_id","at")
);
--> statement-breakpoint
ALTER TABLE "vm_metric_hourly" ADD CONSTRAINT "vm_metric_hourly_vm_id_vms_id_fk" FOREIGN KEY ("vm_id") REFERENCES "public"."vms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vm_metric_hourly" ADD CONSTRAINT "vm_metric_hourly_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vm_metric_samples" ADD CONSTRAINT "vm_metric_samples_vm_id_vms_id_fk" FOREIGN KEY ("vm_id") REFERENCES "public"."vms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vm_metric_samples" ADD CONSTRAINT "vm_metric_samples_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vm_metric_hourly_client_hour_idx" ON "vm_metric_hourly" USING btree ("client_id","hour");--> statement-breakpoint
CREATE INDEX "vm_metric_samples_client_at_idx" ON "vm_metric_samples" USING btree ("client_id","at");--> statement-breakpoint
CREATE INDEX "vm_metric_samples_at_idx" ON "vm_metric_samples" USING btree ("at");
CREATE TABLE "vm_metric_totals" (
	"client_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"vms" integer NOT NULL,
	"cpu_pct" real NOT NULL,
	"mem_pct" real NOT NULL,
	"disk_read_bps" double precision NOT NULL,
	"disk_write_bps" double precision NOT NULL,
	"net_in_bps" double precision NOT NULL,
	"net_out_bps" double precision NOT NULL,
	CONSTRAINT "vm_metric_totals_client_id_at_pk" PRIMARY KEY("client_id","at")
);
--> statement-breakpoint
ALTER TABLE "sim_servers" ADD COLUMN "stress_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vm_metric_totals" ADD CONSTRAINT "vm_metric_totals_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vm_metric_totals_at_idx" ON "vm_metric_totals" USING btree ("at");
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"status" integer NOT NULL,
	"begin_date" date,
	"end_date" date,
	"term_price" numeric(16, 4),
	"account" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"order_no" text NOT NULL,
	"res_type" text NOT NULL,
	"vm_id" uuid,
	"ccis_term_id" uuid,
	"res_name" text NOT NULL,
	"cpu_core" integer,
	"ram_size" integer,
	"commit_gb" integer,
	"months" integer NOT NULL,
	"order_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" integer NOT NULL,
	"auto_renew" boolean NOT NULL,
	"renewals" integer DEFAULT 0 NOT NULL,
	"monthly_price" numeric(16, 4) NOT NULL,
	"term_price" numeric(16, 4) NOT NULL,
	"idempotency_key" text,
	"request_digest" text,
	"user_id" uuid,
	"account" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"converted_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_vm_id_vms_id_fk" FOREIGN KEY ("vm_id") REFERENCES "public"."vms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ccis_term_id_ccis_terms_id_fk" FOREIGN KEY ("ccis_term_id") REFERENCES "public"."ccis_terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_at_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_idx" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_client_key_idx" ON "orders" USING btree ("client_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_ccis_term_idx" ON "orders" USING btree ("ccis_term_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_vm_in_force_idx" ON "orders" USING btree ("vm_id") WHERE "orders"."status" in (1, 2);--> statement-breakpoint
CREATE INDEX "orders_client_order_date_idx" ON "orders" USING btree ("client_id","order_date","id");--> statement-breakpoint
CREATE INDEX "orders_client_end_date_idx" ON "orders" USING btree ("client_id","end_date","id");--> statement-breakpoint
CREATE INDEX "orders_client_status_idx" ON "orders" USING btree ("client_id","status","id");--> statement-breakpoint
CREATE INDEX "orders_client_name_idx" ON "orders" USING btree ("client_id","res_name","id");--> statement-breakpoint
CREATE INDEX "orders_in_force_end_idx" ON "orders" USING btree ("end_date") WHERE "orders"."status" in (1, 2);
CREATE TABLE "usage_daily" (
	"client_id" uuid NOT NULL,
	"day" date NOT NULL,
	"resource_kind" text NOT NULL,
	"code" text NOT NULL,
	"per" integer NOT NULL,
	"quantity" numeric(24, 9) NOT NULL,
	CONSTRAINT "usage_daily_client_id_day_resource_kind_code_per_pk" PRIMARY KEY("client_id","day","resource_kind","code","per")
);
--> statement-breakpoint
CREATE TABLE "usage_meter_runs" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"metered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_monthly" (
	"client_id" uuid NOT NULL,
	"month" date NOT NULL,
	"resource_kind" text NOT NULL,
	"resource_id" uuid NOT NULL,
	"code" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"resource_name" text NOT NULL,
	"unit" text NOT NULL,
	"per" integer NOT NULL,
	"quantity" numeric(24, 9) NOT NULL,
	"hours" integer NOT NULL,
	"first_hour" timestamp with time zone NOT NULL,
	"last_hour" timestamp with time zone NOT NULL,
	"unit_price" numeric(16, 4) NOT NULL,
	"amount" numeric(24, 4) NOT NULL,
	"last_quantity" numeric(24, 9) NOT NULL,
	"monthly" boolean DEFAULT false NOT NULL,
	CONSTRAINT "usage_monthly_client_id_month_resource_kind_resource_id_code_detail_pk" PRIMARY KEY("client_id","month","resource_kind","resource_id","code","detail")
);
--> statement-breakpoint
CREATE TABLE "usage_storage_peaks" (
	"client_id" uuid NOT NULL,
	"month" date NOT NULL,
	"peak_bytes" bigint NOT NULL,
	"peak_at" timestamp with time zone NOT NULL,
	CONSTRAINT "usage_storage_peaks_client_id_month_pk" PRIMARY KEY("client_id","month")
);
--> statement-breakpoint
CREATE TABLE "usage_vpc_hours" (
	"client_id" uuid NOT NULL,
	"vpc_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"month" date NOT NULL,
	"out_bytes" bigint NOT NULL,
	CONSTRAINT "usage_vpc_hours_vpc_id_hour_pk" PRIMARY KEY("vpc_id","hour")
);
--> statement-breakpoint
ALTER TABLE "usage_daily" ADD CONSTRAINT "usage_daily_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_monthly" ADD CONSTRAINT "usage_monthly_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_storage_peaks" ADD CONSTRAINT "usage_storage_peaks_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_vpc_hours" ADD CONSTRAINT "usage_vpc_hours_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_monthly_client_month_name_idx" ON "usage_monthly" USING btree ("client_id","month","resource_name");--> statement-breakpoint
CREATE INDEX "usage_monthly_client_month_kind_idx" ON "usage_monthly" USING btree ("client_id","month",array_position(ARRAY['vm', 'disk', 'snapshot', 'bucket', 'vpc', 'balancer', 'firewall', 'cluster', 'dataStore']::text[], "resource_kind"),"resource_name");--> statement-breakpoint
CREATE INDEX "usage_vpc_hours_month_idx" ON "usage_vpc_hours" USING btree ("vpc_id","month");--> statement-breakpoint
-- A line's amount: quantity × unit price ÷ per (metered units per price unit), rounded half up to
-- the ten-thousandth in integers (div truncates exactly), as meteredAmount in packages/shared does.
CREATE FUNCTION "usage_amount"(quantity numeric, unit_price numeric, per integer) RETURNS numeric
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT (div(2 * quantity * unit_price * 10000 + per, 2 * per) / 10000)::numeric(24, 4) $$;

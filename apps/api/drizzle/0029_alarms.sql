CREATE TABLE "alarm_firings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alarm_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"status" smallint NOT NULL,
	"value" numeric(24, 4),
	"mailed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"metric" text,
	"vm_id" uuid,
	"operator" text,
	"critical" integer,
	"continuance" integer,
	"cool_down_minutes" integer,
	"budget_amount" numeric(16, 4),
	"threshold_pct" integer,
	"emails" text[] NOT NULL,
	"lang" text DEFAULT 'zh-TW' NOT NULL,
	"status" smallint NOT NULL,
	"streak" integer DEFAULT 0 NOT NULL,
	"last_alarm_at" timestamp with time zone,
	"last_mailed_at" timestamp with time zone,
	"evaluated_at" timestamp with time zone,
	"budget_mailed_month" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alarms_kind_fields" CHECK (("alarms"."kind" = 'metric' and "alarms"."vm_id" is not null and "alarms"."metric" is not null
        and "alarms"."operator" is not null and "alarms"."critical" > 0 and "alarms"."continuance" > 0
        and "alarms"."cool_down_minutes" > 0)
      or ("alarms"."kind" = 'budget' and "alarms"."budget_amount" > 0 and "alarms"."threshold_pct" > 0)),
	CONSTRAINT "alarms_emails" CHECK (cardinality("alarms"."emails") between 1 and 10),
	CONSTRAINT "alarms_status" CHECK ("alarms"."status" in (0, 1, 2))
);
--> statement-breakpoint
ALTER TABLE "alarm_firings" ADD CONSTRAINT "alarm_firings_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_firings" ADD CONSTRAINT "alarm_firings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_vm_id_vms_id_fk" FOREIGN KEY ("vm_id") REFERENCES "public"."vms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_firings_alarm_at_idx" ON "alarm_firings" USING btree ("alarm_id","at","id");--> statement-breakpoint
CREATE INDEX "alarms_client_name_idx" ON "alarms" USING btree ("client_id","name","id");--> statement-breakpoint
CREATE INDEX "alarms_client_status_idx" ON "alarms" USING btree ("client_id","status","id");--> statement-breakpoint
CREATE INDEX "alarms_client_last_alarm_idx" ON "alarms" USING btree ("client_id","last_alarm_at","id");--> statement-breakpoint
CREATE INDEX "alarms_client_created_idx" ON "alarms" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "alarms_vm_idx" ON "alarms" USING btree ("vm_id");--> statement-breakpoint
CREATE INDEX "alarms_budget_idx" ON "alarms" USING btree ("client_id") WHERE "alarms"."kind" = 'budget';--> statement-breakpoint
-- The alarm list is kept by the client's resources version like every console list (migration
-- 0012): a change by hand or by the evaluator (a status that moves) makes it read again.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['alarms'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION bump_resources_version()', t || '_version_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION bump_resources_version()', t || '_version_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION bump_resources_version()', t || '_version_delete', t);
  END LOOP;
END
$$;

CREATE TABLE "ticket_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"ticket_id" uuid,
	"response_id" uuid,
	"user_id" uuid,
	"staff_id" uuid,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"content_type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_numbers" (
	"day" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"author" text NOT NULL,
	"user_id" uuid,
	"author_name" text NOT NULL,
	"staff_id" uuid,
	"text" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"ticket_no" text NOT NULL,
	"status" text NOT NULL,
	"code" text NOT NULL,
	"remark" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_mail" text NOT NULL,
	"contact_mobile" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"vm_id" uuid,
	"vm_name" text,
	"ccis_order_id" text,
	"lang" text DEFAULT 'zh-TW' NOT NULL,
	"user_id" uuid,
	"account" text NOT NULL,
	"assignee_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "tickets_target" CHECK ("tickets"."vm_name" is not null or "tickets"."ccis_order_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_response_id_ticket_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."ticket_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_responses" ADD CONSTRAINT "ticket_responses_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_responses" ADD CONSTRAINT "ticket_responses_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_responses" ADD CONSTRAINT "ticket_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_responses" ADD CONSTRAINT "ticket_responses_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_vm_id_vms_id_fk" FOREIGN KEY ("vm_id") REFERENCES "public"."vms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_assignee_id_staff_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_attachments_ticket_idx" ON "ticket_attachments" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_attachments_pending_idx" ON "ticket_attachments" USING btree ("created_at") WHERE "ticket_attachments"."ticket_id" is null;--> statement-breakpoint
CREATE INDEX "ticket_attachments_pending_user_idx" ON "ticket_attachments" USING btree ("user_id") WHERE "ticket_attachments"."ticket_id" is null;--> statement-breakpoint
CREATE INDEX "ticket_attachments_pending_staff_idx" ON "ticket_attachments" USING btree ("staff_id") WHERE "ticket_attachments"."ticket_id" is null;--> statement-breakpoint
CREATE INDEX "ticket_responses_ticket_idx" ON "ticket_responses" USING btree ("ticket_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_no_uq" ON "tickets" USING btree ("ticket_no");--> statement-breakpoint
CREATE INDEX "tickets_client_created_idx" ON "tickets" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_client_updated_idx" ON "tickets" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "tickets_client_no_idx" ON "tickets" USING btree ("client_id","ticket_no","id");--> statement-breakpoint
CREATE INDEX "tickets_client_status_idx" ON "tickets" USING btree ("client_id","status","id");--> statement-breakpoint
CREATE INDEX "tickets_open_updated_idx" ON "tickets" USING btree ("updated_at","id") WHERE "tickets"."status" <> 'CLOSE';--> statement-breakpoint
CREATE INDEX "tickets_status_updated_idx" ON "tickets" USING btree ("status","updated_at","id");--> statement-breakpoint
-- The ticket list is kept by the client's resources version like every console list (migration
-- 0012): a change by the customer or by staff (a status that moves) makes it read again.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['tickets'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION bump_resources_version()', t || '_version_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION bump_resources_version()', t || '_version_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION bump_resources_version()', t || '_version_delete', t);
  END LOOP;
END
$$;

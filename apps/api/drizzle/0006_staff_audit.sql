CREATE TABLE "staff_audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" uuid,
	"staff_email" text NOT NULL,
	"action" text NOT NULL,
	"application_id" uuid,
	"outcome" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "staff_audit_at_idx" ON "staff_audit_events" USING btree ("at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "staff_audit_action_at_idx" ON "staff_audit_events" USING btree ("action","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "staff_audit_application_idx" ON "staff_audit_events" USING btree ("application_id","at" DESC NULLS LAST);
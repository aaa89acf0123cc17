CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid,
	"account" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"outcome" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_client_at_idx" ON "audit_log" USING btree ("client_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_client_user_at_idx" ON "audit_log" USING btree ("client_id","user_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_client_action_at_idx" ON "audit_log" USING btree ("client_id","action","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_client_last_login_idx" ON "users" USING btree ("client_id","last_login_at");--> statement-breakpoint
CREATE INDEX "users_client_last_password_idx" ON "users" USING btree ("client_id","last_set_password_at");
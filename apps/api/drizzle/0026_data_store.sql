CREATE TABLE "ccis_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"order_id" text NOT NULL,
	"kind" text NOT NULL,
	"months" integer NOT NULL,
	"begin_date" date NOT NULL,
	"expire_date" date NOT NULL,
	"commit_gb" integer NOT NULL,
	"auto_extend" boolean NOT NULL,
	"monthly_price" numeric(16, 4) NOT NULL,
	"term_price" numeric(16, 4) NOT NULL,
	"purchase_day" date NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_digest" text NOT NULL,
	"user_id" uuid,
	"account" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ccis_terms" ADD CONSTRAINT "ccis_terms_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccis_terms" ADD CONSTRAINT "ccis_terms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ccis_terms_client_day_idx" ON "ccis_terms" USING btree ("client_id","purchase_day");--> statement-breakpoint
CREATE UNIQUE INDEX "ccis_terms_client_key_idx" ON "ccis_terms" USING btree ("client_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ccis_terms_order_idx" ON "ccis_terms" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ccis_terms_client_created_idx" ON "ccis_terms" USING btree ("client_id","created_at","id");
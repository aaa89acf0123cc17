CREATE TABLE "bucket_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"access_key_id" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"bucket_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bucket_lifecycle_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"bucket_id" uuid NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"tag_key" text,
	"tag_value" text,
	"expiration_days" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bucket_usage_samples" (
	"bucket_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"size_bytes" bigint NOT NULL,
	"object_count" integer NOT NULL,
	CONSTRAINT "bucket_usage_samples_bucket_id_at_pk" PRIMARY KEY("bucket_id","at")
);
--> statement-breakpoint
CREATE TABLE "buckets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"s3_name" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"object_count" integer DEFAULT 0 NOT NULL,
	"measured_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bucket_keys" ADD CONSTRAINT "bucket_keys_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bucket_keys" ADD CONSTRAINT "bucket_keys_bucket_id_buckets_id_fk" FOREIGN KEY ("bucket_id") REFERENCES "public"."buckets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bucket_keys" ADD CONSTRAINT "bucket_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bucket_lifecycle_rules" ADD CONSTRAINT "bucket_lifecycle_rules_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bucket_lifecycle_rules" ADD CONSTRAINT "bucket_lifecycle_rules_bucket_id_buckets_id_fk" FOREIGN KEY ("bucket_id") REFERENCES "public"."buckets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bucket_usage_samples" ADD CONSTRAINT "bucket_usage_samples_bucket_id_buckets_id_fk" FOREIGN KEY ("bucket_id") REFERENCES "public"."buckets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buckets" ADD CONSTRAINT "buckets_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bucket_keys_access_key_idx" ON "bucket_keys" USING btree ("access_key_id");--> statement-breakpoint
CREATE INDEX "bucket_keys_client_created_idx" ON "bucket_keys" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bucket_lifecycle_rules_bucket_idx" ON "bucket_lifecycle_rules" USING btree ("bucket_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "buckets_client_name_idx" ON "buckets" USING btree ("client_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "buckets_s3_name_idx" ON "buckets" USING btree ("s3_name");--> statement-breakpoint
CREATE INDEX "buckets_client_created_idx" ON "buckets" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "buckets_client_size_idx" ON "buckets" USING btree ("client_id","size_bytes","id");--> statement-breakpoint
-- The storage lists are kept by the client's resources version like every console list (migration 0012).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['buckets', 'bucket_lifecycle_rules', 'bucket_keys'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION bump_resources_version()', t || '_version_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION bump_resources_version()', t || '_version_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION bump_resources_version()', t || '_version_delete', t);
  END LOOP;
END
$$;

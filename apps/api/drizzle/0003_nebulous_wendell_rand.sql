CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"title_c" text NOT NULL,
	"title_e" text NOT NULL,
	"summary_c" text NOT NULL,
	"summary_e" text NOT NULL,
	"body_c" jsonb NOT NULL,
	"body_e" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"resource_type_id" integer NOT NULL,
	"name_c" text NOT NULL,
	"name_e" text NOT NULL,
	"unit" text NOT NULL,
	"unit_price" numeric(16, 4) NOT NULL,
	"currency" text DEFAULT 'TWD' NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "price_items_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "product_contents" (
	"resource_type_id" integer PRIMARY KEY NOT NULL,
	"summary_c" text NOT NULL,
	"summary_e" text NOT NULL,
	"overview_c" jsonb NOT NULL,
	"overview_e" jsonb NOT NULL,
	"functions_c" jsonb NOT NULL,
	"functions_e" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_items" ADD CONSTRAINT "price_items_resource_type_id_resource_types_id_fk" FOREIGN KEY ("resource_type_id") REFERENCES "public"."resource_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_contents" ADD CONSTRAINT "product_contents_resource_type_id_resource_types_id_fk" FOREIGN KEY ("resource_type_id") REFERENCES "public"."resource_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_published_idx" ON "news" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "price_items_resource_type_idx" ON "price_items" USING btree ("resource_type_id","sort");
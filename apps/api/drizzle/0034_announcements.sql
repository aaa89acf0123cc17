CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title_c" text NOT NULL,
	"title_e" text NOT NULL,
	"body_c" text NOT NULL,
	"body_e" text NOT NULL,
	"level" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "announcements_window" CHECK ("announcements"."starts_at" <= "announcements"."ends_at"),
	CONSTRAINT "announcements_level" CHECK ("announcements"."level" in ('info', 'maintenance', 'warning'))
);
--> statement-breakpoint
CREATE INDEX "announcements_starts_idx" ON "announcements" USING btree ("starts_at" DESC NULLS LAST,"id" DESC NULLS LAST);
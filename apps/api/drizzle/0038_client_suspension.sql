ALTER TABLE "clients" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "suspended_reason" text;
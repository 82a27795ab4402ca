ALTER TABLE "report_orders" ADD COLUMN "generation_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_orders" ADD COLUMN "generation_last_error" text;--> statement-breakpoint
ALTER TABLE "report_orders" ADD COLUMN "generation_next_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_orders" ADD COLUMN "report_source" text;--> statement-breakpoint
-- Reports attached before generation existed were uploaded by an admin.
UPDATE "report_orders" SET "report_source" = 'uploaded' WHERE "report_key" IS NOT NULL;

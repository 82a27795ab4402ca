ALTER TABLE "payment_intents" ADD COLUMN "receipt_sent_at" timestamp with time zone;--> statement-breakpoint
-- Purchases that succeeded before receipts existed are not mailed now.
UPDATE "payment_intents" SET "receipt_sent_at" = "updated_at" WHERE "status" = 'succeeded';

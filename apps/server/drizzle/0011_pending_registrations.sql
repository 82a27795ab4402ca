CREATE TABLE "pending_registrations" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"code_hash" text NOT NULL,
	"code_expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_registrations_attempts_not_negative" CHECK ("pending_registrations"."attempts" >= 0)
);
--> statement-breakpoint
CREATE INDEX "pending_registrations_email_idx" ON "pending_registrations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "pending_registrations_expires_at_idx" ON "pending_registrations" USING btree ("expires_at");--> statement-breakpoint
-- Earlier versions created the account at sign-up, unverified. Those made in the last 24 hours
-- become pending sign-ups (same address, password hash and name; no valid code: Resend Code or a
-- new sign-up mails one); every unverified account goes, with its verification codes.
INSERT INTO "pending_registrations" ("id", "email", "password_hash", "full_name", "code_hash", "code_expires_at", "attempts", "expires_at", "created_at")
SELECT u."id", u."email", a."password", u."name", '', u."created_at", 0, u."created_at" + interval '24 hours', u."created_at"
FROM "auth_users" u
JOIN "auth_accounts" a ON a."user_id" = u."id" AND a."provider_id" = 'credential' AND a."password" IS NOT NULL
WHERE NOT u."email_verified" AND u."created_at" > now() - interval '24 hours';
--> statement-breakpoint
DELETE FROM "auth_users" WHERE NOT "email_verified";
--> statement-breakpoint
DELETE FROM "auth_verifications" WHERE "identifier" LIKE 'email-verification-otp-%';

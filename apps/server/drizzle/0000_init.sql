CREATE TABLE "credit_packages" (
	"id" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"credits" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"popular" boolean DEFAULT false NOT NULL,
	"sort_order" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_packages_credits_positive" CHECK ("credit_packages"."credits" > 0),
	CONSTRAINT "credit_packages_amount_positive" CHECK ("credit_packages"."amount_cents" > 0)
);

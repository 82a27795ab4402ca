CREATE TABLE "plate_cache" (
	"state" text NOT NULL,
	"plate" text NOT NULL,
	"found" boolean NOT NULL,
	"vin" text,
	"provider" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plate_cache_state_plate_pk" PRIMARY KEY("state","plate")
);
--> statement-breakpoint
CREATE TABLE "plate_searches" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"state" text NOT NULL,
	"plate" text NOT NULL,
	"outcome" text NOT NULL,
	"vin" text,
	"from_cache" boolean NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"vin" text NOT NULL,
	"vehicle" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"idempotency_key" text,
	"report_key" text,
	"due_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_orders_user_idempotency_key" UNIQUE("user_id","idempotency_key"),
	CONSTRAINT "report_orders_status_known" CHECK ("report_orders"."status" in ('Pending', 'Processing', 'Completed', 'Refunded'))
);
--> statement-breakpoint
CREATE TABLE "admin_audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"actor_id" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "plate_searches" ADD CONSTRAINT "plate_searches_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_orders" ADD CONSTRAINT "report_orders_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plate_searches_user_idx" ON "plate_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "report_orders_user_idx" ON "report_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "report_orders_status_idx" ON "report_orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "report_orders_due_idx" ON "report_orders" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_stripe_customer_id_unique" UNIQUE("stripe_customer_id");
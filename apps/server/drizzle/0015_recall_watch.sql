CREATE TABLE "recall_alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"campaigns" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "recall_alerts_campaigns_positive" CHECK ("recall_alerts"."campaigns" > 0)
);
--> statement-breakpoint
CREATE TABLE "recall_watch_campaigns" (
	"watch_id" text NOT NULL,
	"campaign_number" text NOT NULL,
	"campaign" jsonb NOT NULL,
	"baseline" boolean NOT NULL,
	"found_at" timestamp with time zone NOT NULL,
	"told_at" timestamp with time zone,
	"alert_id" text,
	CONSTRAINT "recall_watch_campaigns_watch_id_campaign_number_pk" PRIMARY KEY("watch_id","campaign_number")
);
--> statement-breakpoint
CREATE TABLE "recall_watch_lease" (
	"id" integer PRIMARY KEY NOT NULL,
	"holder" text,
	"held_until" timestamp with time zone NOT NULL,
	"last_pass_at" timestamp with time zone,
	CONSTRAINT "recall_watch_lease_one_row" CHECK ("recall_watch_lease"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "recall_watches" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"vin" text NOT NULL,
	"vehicle" text NOT NULL,
	"order_id" text NOT NULL,
	"watch_until" timestamp with time zone NOT NULL,
	"turned_off_at" timestamp with time zone,
	"baseline_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recall_watches_user_vin" UNIQUE("user_id","vin")
);
--> statement-breakpoint
CREATE TABLE "sandbox_recall_campaigns" (
	"campaign_number" text PRIMARY KEY NOT NULL,
	"vehicle_key" text NOT NULL,
	"models_key" text NOT NULL,
	"model" text NOT NULL,
	"campaign" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recall_alerts" ADD CONSTRAINT "recall_alerts_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_watch_campaigns" ADD CONSTRAINT "recall_watch_campaigns_watch_id_recall_watches_id_fk" FOREIGN KEY ("watch_id") REFERENCES "public"."recall_watches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_watches" ADD CONSTRAINT "recall_watches_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recall_watches" ADD CONSTRAINT "recall_watches_order_id_report_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."report_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recall_alerts_user_idx" ON "recall_alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "recall_watch_campaigns_untold_idx" ON "recall_watch_campaigns" USING btree ("watch_id") WHERE "recall_watch_campaigns"."told_at" is null;--> statement-breakpoint
CREATE INDEX "recall_watches_due_idx" ON "recall_watches" USING btree ("watch_until");--> statement-breakpoint
CREATE INDEX "sandbox_recall_campaigns_vehicle_idx" ON "sandbox_recall_campaigns" USING btree ("vehicle_key");--> statement-breakpoint
CREATE INDEX "sandbox_recall_campaigns_models_idx" ON "sandbox_recall_campaigns" USING btree ("models_key");--> statement-breakpoint
INSERT INTO "recall_watch_lease" ("id", "holder", "held_until") VALUES (1, NULL, to_timestamp(0));--> statement-breakpoint
-- Orders placed before recall watch are watched too: one watch per customer and VIN, for 3 years
-- from its latest order; the first pass records each report's recalls as already known.
INSERT INTO "recall_watches" ("id", "user_id", "vin", "vehicle", "order_id", "watch_until", "created_at")
SELECT DISTINCT ON ("user_id", "vin")
  first_value("id") OVER w, "user_id", "vin", "vehicle", "id",
  "created_at" + interval '3 years', min("created_at") OVER w
FROM "report_orders"
WINDOW w AS (PARTITION BY "user_id", "vin" ORDER BY "created_at" ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
ORDER BY "user_id", "vin", "created_at" DESC
ON CONFLICT DO NOTHING;

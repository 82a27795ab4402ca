CREATE TABLE "report_inputs" (
	"order_id" text PRIMARY KEY NOT NULL,
	"report_key" text NOT NULL,
	"inputs" jsonb NOT NULL,
	"generated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_shares" (
	"order_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"opens" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_shares_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "report_shares_opens_not_negative" CHECK ("report_shares"."opens" >= 0)
);
--> statement-breakpoint
ALTER TABLE "report_inputs" ADD CONSTRAINT "report_inputs_order_id_report_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."report_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_shares" ADD CONSTRAINT "report_shares_order_id_report_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."report_orders"("id") ON DELETE cascade ON UPDATE no action;

CREATE TABLE "report_problems" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"state" text DEFAULT 'Open' NOT NULL,
	"reply" text,
	"action" text,
	"answered_by" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_problems_kind_known" CHECK ("report_problems"."kind" in ('wrong_record', 'missing_record', 'vehicle_details', 'other')),
	CONSTRAINT "report_problems_state_known" CHECK ("report_problems"."state" in ('Open', 'Answered')),
	CONSTRAINT "report_problems_answer_complete" CHECK (("report_problems"."state" = 'Open' and "report_problems"."answered_at" is null and "report_problems"."reply" is null and "report_problems"."action" is null)
        or ("report_problems"."state" = 'Answered' and "report_problems"."answered_at" is not null and "report_problems"."reply" is not null and "report_problems"."action" is not null)),
	CONSTRAINT "report_problems_description_bounded" CHECK (char_length("report_problems"."description") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "report_problems" ADD CONSTRAINT "report_problems_order_id_report_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."report_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_problems" ADD CONSTRAINT "report_problems_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_problems_one_open_per_order" ON "report_problems" USING btree ("order_id") WHERE "report_problems"."state" = 'Open';--> statement-breakpoint
CREATE INDEX "report_problems_state_idx" ON "report_problems" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "report_problems_user_idx" ON "report_problems" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "report_problems_order_idx" ON "report_problems" USING btree ("order_id","created_at");
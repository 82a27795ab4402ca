CREATE TABLE "credit_balances" (
	"user_id" text PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_balances_not_negative" CHECK ("credit_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reference" text,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_kind_reference" UNIQUE("kind","reference"),
	CONSTRAINT "credit_ledger_balance_after_not_negative" CHECK ("credit_ledger"."balance_after" >= 0),
	CONSTRAINT "credit_ledger_kind_known" CHECK ("credit_ledger"."kind" in ('purchase', 'spend', 'refund', 'adjustment')),
	CONSTRAINT "credit_ledger_delta_sign" CHECK (("credit_ledger"."kind" in ('purchase', 'refund') and "credit_ledger"."delta" > 0)
        or ("credit_ledger"."kind" = 'spend' and "credit_ledger"."delta" < 0)
        or "credit_ledger"."kind" = 'adjustment'),
	CONSTRAINT "credit_ledger_reference_needed" CHECK ("credit_ledger"."kind" = 'adjustment' or "credit_ledger"."reference" is not null)
);
--> statement-breakpoint
ALTER TABLE "credit_balances" ADD CONSTRAINT "credit_balances_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_ledger_user_idx" ON "credit_ledger" USING btree ("user_id","created_at");
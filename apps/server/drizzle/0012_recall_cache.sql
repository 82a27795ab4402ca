CREATE TABLE "recall_cache" (
	"vehicle_key" text PRIMARY KEY NOT NULL,
	"list" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);

ALTER TABLE "robots" ADD COLUMN "mqtt_secret_hash" text;--> statement-breakpoint
ALTER TABLE "robots" ADD COLUMN "expected_interval_seconds" integer DEFAULT 30 NOT NULL;
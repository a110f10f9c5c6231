ALTER TABLE "device_calls" ADD COLUMN "order_id" text;--> statement-breakpoint
CREATE INDEX "device_calls_open_idx" ON "device_calls" USING btree ("building_id") WHERE ended_at is null;
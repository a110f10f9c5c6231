-- /device's search over a company's devices: trigrams for a name or label typed, the label order for pages.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "mini_devices_company_label_idx" ON "mini_devices" USING btree ("company_id","label","name","id");--> statement-breakpoint
CREATE INDEX "mini_devices_name_trgm_idx" ON "mini_devices" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mini_devices_label_trgm_idx" ON "mini_devices" USING gin ("label" gin_trgm_ops);
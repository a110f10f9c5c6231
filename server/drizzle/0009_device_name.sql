DROP INDEX "mini_devices_serial_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "mini_devices_name_unique" ON "mini_devices" USING btree ("name");--> statement-breakpoint
ALTER TABLE "mini_devices" DROP COLUMN "serial_number";
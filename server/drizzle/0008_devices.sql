CREATE TABLE "device_calls" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"building_id" uuid NOT NULL,
	"state" text NOT NULL,
	"robot_id" uuid,
	"robot_name" text,
	"escalated" boolean DEFAULT false NOT NULL,
	"note" text,
	"assigned_at" timestamp with time zone,
	"arrived_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"call_id" uuid,
	"actor_id" uuid,
	"detail" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mini_devices" ADD COLUMN "label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "mini_devices" ADD COLUMN "type" text DEFAULT 'callButton' NOT NULL;--> statement-breakpoint
ALTER TABLE "mini_devices" ADD COLUMN "model" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "mini_devices" ADD COLUMN "firmware" text;--> statement-breakpoint
ALTER TABLE "mini_devices" ADD COLUMN "floor_id" uuid;--> statement-breakpoint
ALTER TABLE "mini_devices" ADD COLUMN "point_x" double precision;--> statement-breakpoint
ALTER TABLE "mini_devices" ADD COLUMN "point_y" double precision;--> statement-breakpoint
ALTER TABLE "mini_devices" ADD COLUMN "allowed_robot_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mini_devices" ADD COLUMN "allowed_models" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mini_devices" ADD COLUMN "min_battery" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "mini_devices" ADD COLUMN "heartbeat_s" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "mini_devices" ADD COLUMN "mqtt_secret_hash" text;--> statement-breakpoint
ALTER TABLE "mini_devices" ADD COLUMN "online" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mini_devices" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mini_devices" ADD COLUMN "battery" integer;--> statement-breakpoint
ALTER TABLE "mini_devices" ADD COLUMN "rssi" integer;--> statement-breakpoint
ALTER TABLE "mini_devices" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "device_calls" ADD CONSTRAINT "device_calls_device_id_mini_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."mini_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_events" ADD CONSTRAINT "device_events_device_id_mini_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."mini_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_calls_device_idx" ON "device_calls" USING btree ("company_id","device_id","created_at");--> statement-breakpoint
CREATE INDEX "device_calls_company_idx" ON "device_calls" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "device_events_device_idx" ON "device_events" USING btree ("company_id","device_id","at");--> statement-breakpoint
ALTER TABLE "mini_devices" ADD CONSTRAINT "mini_devices_floor_id_floors_id_fk" FOREIGN KEY ("floor_id") REFERENCES "public"."floors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mini_devices_building_idx" ON "mini_devices" USING btree ("building_id");--> statement-breakpoint
UPDATE "mini_devices" SET "label" = "name", "name" = "serial_number";

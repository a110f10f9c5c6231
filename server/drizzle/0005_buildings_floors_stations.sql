CREATE TABLE "floors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"building_id" uuid NOT NULL,
	"name" text NOT NULL,
	"level" integer NOT NULL,
	"map_key" text,
	"map_content_type" text,
	"map_width" integer,
	"map_height" integer,
	"map_resolution" double precision,
	"map_origin_x" double precision,
	"map_origin_y" double precision,
	"map_uploaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"floor_id" uuid NOT NULL,
	"name" text NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"theta" double precision DEFAULT 0 NOT NULL,
	"charger" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "buildings" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "floors" ADD CONSTRAINT "floors_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_floor_id_floors_id_fk" FOREIGN KEY ("floor_id") REFERENCES "public"."floors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "floors_company_idx" ON "floors" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "floors_building_level_unique" ON "floors" USING btree ("building_id","level");--> statement-breakpoint
CREATE INDEX "stations_company_idx" ON "stations" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stations_floor_name_unique" ON "stations" USING btree ("floor_id","name");
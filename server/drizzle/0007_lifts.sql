CREATE TABLE "lift_banks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"building_id" uuid NOT NULL,
	"name" text NOT NULL,
	"vendor" text NOT NULL,
	"gateway_id" uuid NOT NULL,
	"adapter" jsonb NOT NULL,
	"adapter_credential" text,
	"policy" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lift_config_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"bank_id" uuid NOT NULL,
	"lift_id" uuid,
	"version" integer NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"changes" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lift_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"lift_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"session_id" uuid,
	"robot_id" uuid,
	"actor_id" uuid,
	"detail" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lift_gateways" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lift_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"lift_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"robot_ids" jsonb NOT NULL,
	"opened_by" uuid,
	"phase" text NOT NULL,
	"from_floor" text,
	"to_floor" text,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"ended_by" uuid,
	"end_note" text
);
--> statement-breakpoint
CREATE TABLE "lifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"bank_id" uuid NOT NULL,
	"name" text NOT NULL,
	"gateway_lift_name" text NOT NULL,
	"gateway_id" uuid NOT NULL,
	"door_sides" jsonb NOT NULL,
	"served_floor_ids" jsonb NOT NULL,
	"landings" jsonb NOT NULL,
	"max_robots" integer DEFAULT 1 NOT NULL,
	"enabled_for_robots" boolean DEFAULT false NOT NULL,
	"out_of_service" boolean DEFAULT false NOT NULL,
	"test_passed_at" timestamp with time zone,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lift_banks" ADD CONSTRAINT "lift_banks_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lift_banks" ADD CONSTRAINT "lift_banks_gateway_id_lift_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."lift_gateways"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lift_events" ADD CONSTRAINT "lift_events_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lift_sessions" ADD CONSTRAINT "lift_sessions_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifts" ADD CONSTRAINT "lifts_bank_id_lift_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."lift_banks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lift_banks_company_idx" ON "lift_banks" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "lift_banks_building_idx" ON "lift_banks" USING btree ("building_id");--> statement-breakpoint
CREATE INDEX "lift_config_changes_bank_idx" ON "lift_config_changes" USING btree ("company_id","bank_id","at");--> statement-breakpoint
CREATE INDEX "lift_events_lift_idx" ON "lift_events" USING btree ("company_id","lift_id","at");--> statement-breakpoint
CREATE INDEX "lift_gateways_company_idx" ON "lift_gateways" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "lift_sessions_lift_idx" ON "lift_sessions" USING btree ("lift_id","opened_at");--> statement-breakpoint
CREATE INDEX "lift_sessions_open_idx" ON "lift_sessions" USING btree ("ended_at");--> statement-breakpoint
CREATE INDEX "lifts_company_idx" ON "lifts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "lifts_bank_idx" ON "lifts" USING btree ("bank_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lifts_gateway_name_unique" ON "lifts" USING btree ("gateway_id","gateway_lift_name");
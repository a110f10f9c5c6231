CREATE TABLE "analysis_dirty_days" (
	"robot_id" uuid NOT NULL,
	"day" date NOT NULL,
	"company_id" uuid NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_dirty_days_robot_id_day_pk" PRIMARY KEY("robot_id","day")
);
--> statement-breakpoint
CREATE TABLE "analysis_error_days" (
	"company_id" uuid NOT NULL,
	"robot_id" uuid NOT NULL,
	"day" date NOT NULL,
	"code" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"downtime_s" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "analysis_error_days_robot_id_day_code_pk" PRIMARY KEY("robot_id","day","code")
);
--> statement-breakpoint
CREATE TABLE "analysis_robot_days" (
	"company_id" uuid NOT NULL,
	"robot_id" uuid NOT NULL,
	"day" date NOT NULL,
	"building_id" uuid,
	"model" text NOT NULL,
	"time_zone" text NOT NULL,
	"excluded" boolean DEFAULT false NOT NULL,
	"complete" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"tasks" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"partial" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"distance_m" double precision DEFAULT 0 NOT NULL,
	"planned_area_m2" double precision DEFAULT 0 NOT NULL,
	"cleaned_area_m2" double precision DEFAULT 0 NOT NULL,
	"cleaning_s" double precision DEFAULT 0 NOT NULL,
	"working_s" double precision DEFAULT 0 NOT NULL,
	"idle_s" double precision DEFAULT 0 NOT NULL,
	"charging_s" double precision DEFAULT 0 NOT NULL,
	"paused_s" double precision DEFAULT 0 NOT NULL,
	"error_s" double precision DEFAULT 0 NOT NULL,
	"offline_s" double precision DEFAULT 0 NOT NULL,
	"scheduled_s" double precision DEFAULT 0 NOT NULL,
	"scheduled_working_s" double precision DEFAULT 0 NOT NULL,
	"downtime_s" double precision DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"repair_s" double precision DEFAULT 0 NOT NULL,
	"interventions" integer DEFAULT 0 NOT NULL,
	"lift_rides" integer DEFAULT 0 NOT NULL,
	"lift_wait_s" double precision DEFAULT 0 NOT NULL,
	"charge_sessions" integer DEFAULT 0 NOT NULL,
	"working_by_hour" jsonb NOT NULL,
	"completed_by_hour" jsonb NOT NULL,
	"scheduled_by_hour" jsonb NOT NULL,
	"scheduled_working_by_hour" jsonb NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_robot_days_robot_id_day_pk" PRIMARY KEY("robot_id","day")
);
--> statement-breakpoint
CREATE TABLE "analysis_rollup_marks" (
	"name" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analysis_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"scope_kind" text NOT NULL,
	"scope_id" uuid,
	"effective_from" date NOT NULL,
	"value" jsonb NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analysis_settings_version" UNIQUE NULLS NOT DISTINCT("company_id","kind","scope_kind","scope_id","effective_from")
);
--> statement-breakpoint
CREATE TABLE "robot_error_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"robot_id" uuid NOT NULL,
	"building_id" uuid,
	"code" text NOT NULL,
	"level" text NOT NULL,
	"description" text,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "robot_state_intervals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"robot_id" uuid NOT NULL,
	"building_id" uuid,
	"state" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"error_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "robot_tasks" ADD COLUMN "building_id" uuid;--> statement-breakpoint
ALTER TABLE "robot_tasks" ADD COLUMN "type" text DEFAULT 'cruise' NOT NULL;--> statement-breakpoint
ALTER TABLE "robot_tasks" ADD COLUMN "map_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "robot_tasks" ADD COLUMN "planned_area_m2" double precision;--> statement-breakpoint
ALTER TABLE "robot_tasks" ADD COLUMN "cleaned_area_m2" double precision;--> statement-breakpoint
ALTER TABLE "robot_tasks" ADD COLUMN "lift_rides" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "robot_tasks" ADD COLUMN "lift_wait_s" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "robot_tasks" ADD COLUMN "interventions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "robot_tasks" ADD COLUMN "error_codes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "robot_tasks" ADD COLUMN "recorded_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "analysis_error_days_company_idx" ON "analysis_error_days" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "analysis_robot_days_company_idx" ON "analysis_robot_days" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "robot_error_events_robot_idx" ON "robot_error_events" USING btree ("robot_id","started_at");--> statement-breakpoint
CREATE INDEX "robot_error_events_recorded_idx" ON "robot_error_events" USING btree ("recorded_at");--> statement-breakpoint
CREATE INDEX "robot_state_intervals_robot_idx" ON "robot_state_intervals" USING btree ("robot_id","started_at");--> statement-breakpoint
CREATE INDEX "robot_state_intervals_recorded_idx" ON "robot_state_intervals" USING btree ("recorded_at");--> statement-breakpoint
CREATE INDEX "robot_tasks_recorded_idx" ON "robot_tasks" USING btree ("recorded_at");--> statement-breakpoint
UPDATE "robot_tasks" SET "result" = 'partial' WHERE "result" = 'interrupted';

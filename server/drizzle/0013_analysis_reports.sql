CREATE TABLE "analysis_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kpi" text NOT NULL,
	"days" integer NOT NULL,
	"building_ids" jsonb NOT NULL,
	"recipients" jsonb NOT NULL,
	"language" text NOT NULL,
	"enabled" boolean NOT NULL,
	"last_fired_on" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analysis_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"recipients" jsonb NOT NULL,
	"frequency" text NOT NULL,
	"send_at" text NOT NULL,
	"time_zone" text NOT NULL,
	"language" text NOT NULL,
	"units" text NOT NULL,
	"format" text NOT NULL,
	"building_ids" jsonb NOT NULL,
	"enabled" boolean NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analysis_alerts_company_idx" ON "analysis_alerts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "analysis_reports_due_idx" ON "analysis_reports" USING btree ("next_run_at");--> statement-breakpoint
CREATE INDEX "analysis_reports_company_idx" ON "analysis_reports" USING btree ("company_id");
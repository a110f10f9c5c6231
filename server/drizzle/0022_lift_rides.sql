CREATE TABLE "lift_rides" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"lift_id" uuid NOT NULL,
	"robot_id" uuid NOT NULL,
	"command_id" uuid,
	"plan" jsonb NOT NULL,
	"state" jsonb,
	"instance_id" uuid,
	"claimed_at" timestamp with time zone,
	"cancel_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"end_note" text
);
--> statement-breakpoint
ALTER TABLE "lift_rides" ADD CONSTRAINT "lift_rides_lift_id_lifts_id_fk" FOREIGN KEY ("lift_id") REFERENCES "public"."lifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lift_rides_open_idx" ON "lift_rides" USING btree ("ended_at");--> statement-breakpoint
CREATE INDEX "lift_rides_robot_idx" ON "lift_rides" USING btree ("robot_id");
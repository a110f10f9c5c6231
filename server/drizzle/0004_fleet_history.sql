CREATE TABLE "robot_state_samples" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"robot_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"connection" text,
	"map_id" text,
	"x" double precision,
	"y" double precision,
	"theta" double precision,
	"battery" double precision,
	"charging" boolean NOT NULL,
	"order_id" text,
	"error_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "robot_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"robot_id" uuid NOT NULL,
	"order_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"result" text NOT NULL,
	"distance_m" double precision NOT NULL
);
--> statement-breakpoint
CREATE INDEX "robot_state_samples_robot_idx" ON "robot_state_samples" USING btree ("robot_id","at");--> statement-breakpoint
CREATE INDEX "robot_state_samples_company_idx" ON "robot_state_samples" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "robot_tasks_robot_idx" ON "robot_tasks" USING btree ("robot_id","ended_at");--> statement-breakpoint
CREATE INDEX "robot_tasks_company_idx" ON "robot_tasks" USING btree ("company_id","ended_at");
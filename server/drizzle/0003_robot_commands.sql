CREATE TABLE "robot_commands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"robot_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"reference" text NOT NULL,
	"detail" text,
	"issued_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "robot_commands" ADD CONSTRAINT "robot_commands_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "robot_commands_robot_idx" ON "robot_commands" USING btree ("robot_id","created_at");
CREATE TABLE "fleet_instances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Several instances could each have opened the same error (each wrote every robot's history): the newest open
-- event of a robot and code stays open, the others end where they began.
UPDATE "robot_error_events" AS e SET "ended_at" = e."started_at"
  WHERE e."ended_at" IS NULL AND EXISTS (
    SELECT 1 FROM "robot_error_events" AS n
    WHERE n."robot_id" = e."robot_id" AND n."code" = e."code" AND n."ended_at" IS NULL
      AND (n."started_at", n."id") > (e."started_at", e."id"));
--> statement-breakpoint
CREATE UNIQUE INDEX "robot_error_events_open_idx" ON "robot_error_events" USING btree ("robot_id","code") WHERE ended_at is null;
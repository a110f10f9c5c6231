DROP INDEX "robot_tasks_company_idx";--> statement-breakpoint
CREATE INDEX "robot_tasks_company_idx" ON "robot_tasks" USING btree ("company_id","ended_at","id");
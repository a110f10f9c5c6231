-- The audio area: clips, voice packs and playlists with their versions, where each robot is with them, buildings' quiet hours.
CREATE TABLE "audio_building_rules" (
	"building_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"quiet_hours" jsonb NOT NULL,
	"volume_cap" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audio_clips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"lang" text,
	"purpose" text NOT NULL,
	"format" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"duration_ms" integer NOT NULL,
	"sample_rate" integer,
	"channels" integer,
	"bitrate" integer,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audio_deployments" (
	"group_id" uuid NOT NULL,
	"robot_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"action_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audio_deployments_group_id_robot_id_pk" PRIMARY KEY("group_id","robot_id")
);
--> statement-breakpoint
CREATE TABLE "audio_group_versions" (
	"group_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"company_id" uuid NOT NULL,
	"content" jsonb NOT NULL,
	"targets" jsonb NOT NULL,
	"clip_ids" uuid[] NOT NULL,
	"restored_from" integer,
	"published_by" uuid,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audio_group_versions_group_id_version_pk" PRIMARY KEY("group_id","version")
);
--> statement-breakpoint
CREATE TABLE "audio_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"content" jsonb NOT NULL,
	"targets" jsonb NOT NULL,
	"clip_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"active_version" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audio_voice_winners" (
	"robot_id" uuid NOT NULL,
	"lang" text NOT NULL,
	"group_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	CONSTRAINT "audio_voice_winners_robot_id_lang_pk" PRIMARY KEY("robot_id","lang")
);
--> statement-breakpoint
ALTER TABLE "audio_building_rules" ADD CONSTRAINT "audio_building_rules_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_deployments" ADD CONSTRAINT "audio_deployments_group_id_audio_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."audio_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_deployments" ADD CONSTRAINT "audio_deployments_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_group_versions" ADD CONSTRAINT "audio_group_versions_group_id_audio_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."audio_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_voice_winners" ADD CONSTRAINT "audio_voice_winners_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_voice_winners" ADD CONSTRAINT "audio_voice_winners_group_id_audio_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."audio_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audio_clips_company_idx" ON "audio_clips" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "audio_deployments_robot_idx" ON "audio_deployments" USING btree ("robot_id");--> statement-breakpoint
CREATE INDEX "audio_group_versions_clip_ids_idx" ON "audio_group_versions" USING gin ("clip_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "audio_groups_company_name_unique" ON "audio_groups" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "audio_groups_clip_ids_idx" ON "audio_groups" USING gin ("clip_ids");--> statement-breakpoint
CREATE INDEX "audio_voice_winners_group_idx" ON "audio_voice_winners" USING btree ("group_id");
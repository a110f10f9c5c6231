CREATE TABLE "sso_flows" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"config_id" uuid NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"tester_id" uuid,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_identities" (
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"config_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sso_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "role_by_sso" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD COLUMN "scopes" jsonb DEFAULT '["openid","email","profile"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD COLUMN "email_claim" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD COLUMN "name_claim" text DEFAULT 'name' NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD COLUMN "groups_claim" text DEFAULT 'groups' NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD COLUMN "jit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD COLUMN "default_role" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD COLUMN "group_roles" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD COLUMN "strict_groups" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD COLUMN "enforcement" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD COLUMN "break_glass_user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD COLUMN "tested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD COLUMN "scim_token_hash" text;--> statement-breakpoint
ALTER TABLE "sso_flows" ADD CONSTRAINT "sso_flows_config_id_sso_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."sso_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_flows" ADD CONSTRAINT "sso_flows_tester_id_users_id_fk" FOREIGN KEY ("tester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_config_id_sso_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."sso_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_tickets" ADD CONSTRAINT "sso_tickets_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_flows_expires_idx" ON "sso_flows" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_identities_issuer_subject" ON "sso_identities" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "sso_identities_user_idx" ON "sso_identities" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_configs_scim_token_unique" ON "sso_configs" USING btree ("scim_token_hash");
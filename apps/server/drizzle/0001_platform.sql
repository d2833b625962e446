CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"address_line1" text,
	"city" text,
	"state" text,
	"zipcode" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_settings" (
	"practice_id" integer PRIMARY KEY NOT NULL,
	"inactivity_lockout_minutes" integer DEFAULT 60 NOT NULL,
	"features" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practices" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"timezone" text DEFAULT 'America/New_York' NOT NULL,
	"logo_url" text,
	"is_agency" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"cpt_code" text NOT NULL,
	"description" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"is_telehealth" boolean DEFAULT false NOT NULL,
	"is_group" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "products_fee_not_negative" CHECK ("products"."fee_cents" >= 0),
	CONSTRAINT "products_duration_positive" CHECK ("products"."duration_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "service_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"location_id" integer,
	"name" text NOT NULL,
	"place_of_service_code" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_agent_therapists" (
	"external_agent_id" integer NOT NULL,
	"therapist_id" integer NOT NULL,
	CONSTRAINT "external_agent_therapists_external_agent_id_therapist_id_pk" PRIMARY KEY("external_agent_id","therapist_id")
);
--> statement-breakpoint
CREATE TABLE "external_agents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"practice_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "therapists" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"credentials" text,
	"npi" text,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unknown_login_attempts" (
	"username_key" text PRIMARY KEY NOT NULL,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"login_lock_expiration" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_authorities" (
	"user_id" integer NOT NULL,
	"authority" text NOT NULL,
	CONSTRAINT "user_authorities_user_id_authority_pk" PRIMARY KEY("user_id","authority")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"type" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone" text,
	"professional_name" text NOT NULL,
	"screen_reader" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"login_lock_expiration" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"acting_user_id" integer,
	"acting_practice_id" integer,
	"external_agent_id" integer,
	"remember_me" boolean DEFAULT false NOT NULL,
	"password_verified_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"practice_id" integer,
	"actor_user_id" integer,
	"impersonator_user_id" integer,
	"action" text NOT NULL,
	"patient_id" integer,
	"detail" jsonb NOT NULL,
	"ip" text,
	"request_id" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_data" (
	"type" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer NOT NULL,
	"is_patient_type" boolean,
	"is_insurance_type" boolean,
	CONSTRAINT "reference_data_type_code_pk" PRIMARY KEY("type","code")
);
--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_settings" ADD CONSTRAINT "practice_settings_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_locations" ADD CONSTRAINT "service_locations_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_locations" ADD CONSTRAINT "service_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_agent_therapists" ADD CONSTRAINT "external_agent_therapists_external_agent_id_external_agents_id_fk" FOREIGN KEY ("external_agent_id") REFERENCES "public"."external_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_agent_therapists" ADD CONSTRAINT "external_agent_therapists_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_agents" ADD CONSTRAINT "external_agents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_agents" ADD CONSTRAINT "external_agents_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapists" ADD CONSTRAINT "therapists_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapists" ADD CONSTRAINT "therapists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_authorities" ADD CONSTRAINT "user_authorities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_acting_user_id_users_id_fk" FOREIGN KEY ("acting_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_acting_practice_id_practices_id_fk" FOREIGN KEY ("acting_practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_external_agent_id_external_agents_id_fk" FOREIGN KEY ("external_agent_id") REFERENCES "public"."external_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "locations_practice_idx" ON "locations" USING btree ("practice_id");--> statement-breakpoint
CREATE INDEX "products_practice_idx" ON "products" USING btree ("practice_id");--> statement-breakpoint
CREATE INDEX "service_locations_practice_idx" ON "service_locations" USING btree ("practice_id");--> statement-breakpoint
CREATE INDEX "external_agents_user_idx" ON "external_agents" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "therapists_user_idx" ON "therapists" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "therapists_practice_idx" ON "therapists" USING btree ("practice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_idx" ON "users" USING btree ("username");--> statement-breakpoint
CREATE INDEX "users_practice_idx" ON "users" USING btree ("practice_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "audit_practice_at_idx" ON "audit_log" USING btree ("practice_id","at");--> statement-breakpoint
CREATE INDEX "audit_patient_idx" ON "audit_log" USING btree ("patient_id","at");
CREATE TABLE "client_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zipcode" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_mailing" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"relationship" text,
	"phone" text,
	"email" text,
	"is_emergency_contact" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_diagnoses" (
	"client_id" integer NOT NULL,
	"code" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "client_diagnoses_client_id_code_pk" PRIMARY KEY("client_id","code")
);
--> statement-breakpoint
CREATE TABLE "client_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"email" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_group_members" (
	"group_client_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"joined_on" date NOT NULL,
	"left_on" date,
	CONSTRAINT "client_group_members_group_client_id_client_id_pk" PRIMARY KEY("group_client_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "client_insurances" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"practice_insurance_id" integer,
	"insurance_type" text NOT NULL,
	"insurance_number" text,
	"start_date" date,
	"end_date" date,
	"is_current" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_login_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"succeeded" boolean NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "client_phones" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"number" text NOT NULL,
	"label" text,
	"is_default" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_therapists" (
	"client_id" integer NOT NULL,
	"therapist_id" integer NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_therapists_client_id_therapist_id_pk" PRIMARY KEY("client_id","therapist_id")
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"portal_user_id" integer,
	"account_number" integer NOT NULL,
	"first_name" text NOT NULL,
	"nick_name" text,
	"middle_name" text,
	"last_name" text NOT NULL,
	"gender" text,
	"claim_gender" text,
	"dob" date,
	"marital_status" text,
	"employer" text,
	"employment_type" text,
	"record_status_id" integer DEFAULT 1 NOT NULL,
	"is_group" boolean DEFAULT false NOT NULL,
	"custom_searchable_id" text,
	"timezone" text,
	"memo" text,
	"alert" text,
	"reason_for_appointment" text,
	"referral_contact_id" integer,
	"demographics" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"illness_onset_date" date,
	"accident_information" jsonb,
	"is_private_pay" boolean DEFAULT false NOT NULL,
	"usual_fee_cents" integer,
	"responsible_party_first_name" text,
	"responsible_party_last_name" text,
	"photo_id_key" text,
	"portal_status" text DEFAULT 'INITIAL' NOT NULL,
	"two_factor_type" text,
	"two_factor_contact" text,
	"two_factor_verified_at" timestamp with time zone,
	"merged_into_id" integer,
	"retention_snoozed_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custodian_records" (
	"custodian_user_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	CONSTRAINT "custodian_records_custodian_user_id_client_id_pk" PRIMARY KEY("custodian_user_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "icd10_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbound_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer,
	"client_id" integer,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "practice_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"name" text NOT NULL,
	"organization" text,
	"phone" text,
	"fax" text,
	"email" text,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_demographic_settings" (
	"practice_id" integer NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "practice_demographic_settings_practice_id_name_pk" PRIMARY KEY("practice_id","name")
);
--> statement-breakpoint
CREATE TABLE "practice_insurances" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"label" text NOT NULL,
	"payer_id" text NOT NULL,
	"address_line1" text,
	"city" text,
	"state" text,
	"zipcode" text,
	"end_date" date,
	"therapist_specific" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "therapist_supervisors" (
	"supervisor_therapist_id" integer NOT NULL,
	"supervisee_therapist_id" integer NOT NULL,
	CONSTRAINT "therapist_supervisors_supervisor_therapist_id_supervisee_therapist_id_pk" PRIMARY KEY("supervisor_therapist_id","supervisee_therapist_id")
);
--> statement-breakpoint
ALTER TABLE "client_addresses" ADD CONSTRAINT "client_addresses_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_contacts" ADD CONSTRAINT "client_contacts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_diagnoses" ADD CONSTRAINT "client_diagnoses_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_emails" ADD CONSTRAINT "client_emails_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_group_members" ADD CONSTRAINT "client_group_members_group_client_id_clients_id_fk" FOREIGN KEY ("group_client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_group_members" ADD CONSTRAINT "client_group_members_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_insurances" ADD CONSTRAINT "client_insurances_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_insurances" ADD CONSTRAINT "client_insurances_practice_insurance_id_practice_insurances_id_fk" FOREIGN KEY ("practice_insurance_id") REFERENCES "public"."practice_insurances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_login_history" ADD CONSTRAINT "client_login_history_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_phones" ADD CONSTRAINT "client_phones_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_therapists" ADD CONSTRAINT "client_therapists_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_therapists" ADD CONSTRAINT "client_therapists_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_portal_user_id_users_id_fk" FOREIGN KEY ("portal_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_referral_contact_id_practice_contacts_id_fk" FOREIGN KEY ("referral_contact_id") REFERENCES "public"."practice_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custodian_records" ADD CONSTRAINT "custodian_records_custodian_user_id_users_id_fk" FOREIGN KEY ("custodian_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custodian_records" ADD CONSTRAINT "custodian_records_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD CONSTRAINT "outbound_emails_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbound_emails" ADD CONSTRAINT "outbound_emails_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_contacts" ADD CONSTRAINT "practice_contacts_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_demographic_settings" ADD CONSTRAINT "practice_demographic_settings_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_insurances" ADD CONSTRAINT "practice_insurances_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapist_supervisors" ADD CONSTRAINT "therapist_supervisors_supervisor_therapist_id_therapists_id_fk" FOREIGN KEY ("supervisor_therapist_id") REFERENCES "public"."therapists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapist_supervisors" ADD CONSTRAINT "therapist_supervisors_supervisee_therapist_id_therapists_id_fk" FOREIGN KEY ("supervisee_therapist_id") REFERENCES "public"."therapists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_addresses_client_idx" ON "client_addresses" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "client_contacts_client_idx" ON "client_contacts" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "client_emails_client_idx" ON "client_emails" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "client_group_members_client_idx" ON "client_group_members" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "client_insurances_client_idx" ON "client_insurances" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "client_insurances_payer_idx" ON "client_insurances" USING btree ("practice_insurance_id");--> statement-breakpoint
CREATE INDEX "client_login_history_client_idx" ON "client_login_history" USING btree ("client_id","at");--> statement-breakpoint
CREATE INDEX "client_phones_client_idx" ON "client_phones" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "client_therapists_therapist_idx" ON "client_therapists" USING btree ("therapist_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_account_number_idx" ON "clients" USING btree ("practice_id","account_number");--> statement-breakpoint
CREATE INDEX "clients_practice_name_idx" ON "clients" USING btree ("practice_id","last_name","first_name");--> statement-breakpoint
CREATE INDEX "clients_practice_created_idx" ON "clients" USING btree ("practice_id","created_at");--> statement-breakpoint
CREATE INDEX "clients_name_trgm_idx" ON "clients" USING gin ((lower("first_name" || ' ' || coalesce("nick_name", '') || ' ' || "last_name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_custom_id_idx" ON "clients" USING btree ("practice_id","custom_searchable_id");--> statement-breakpoint
CREATE INDEX "icd10_description_trgm_idx" ON "icd10_codes" USING gin (lower("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "outbound_emails_practice_idx" ON "outbound_emails" USING btree ("practice_id","created_at");--> statement-breakpoint
CREATE INDEX "outbound_emails_client_idx" ON "outbound_emails" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "practice_contacts_practice_idx" ON "practice_contacts" USING btree ("practice_id");--> statement-breakpoint
CREATE INDEX "practice_insurances_practice_idx" ON "practice_insurances" USING btree ("practice_id");
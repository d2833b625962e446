CREATE TABLE "self_booking_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"therapist_id" integer NOT NULL,
	"calendar_event_id" integer,
	"client_id" integer,
	"booked_by_user_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"dob" date NOT NULL,
	"reason_for_appointment" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"is_telehealth" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" integer,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "self_booking_requests_status" CHECK ("self_booking_requests"."status" in ('PENDING', 'CONFIRMED', 'DECLINED'))
);
--> statement-breakpoint
CREATE TABLE "therapist_accepted_insurances" (
	"therapist_id" integer NOT NULL,
	"practice_insurance_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eligibility_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"client_insurance_id" integer,
	"therapist_id" integer,
	"requested_by_user_id" integer,
	"payer_id" text NOT NULL,
	"payer_name" text NOT NULL,
	"service_code" text NOT NULL,
	"insurance_number" text NOT NULL,
	"is_dependent" boolean DEFAULT false NOT NULL,
	"insured_first_name" text NOT NULL,
	"insured_last_name" text NOT NULL,
	"adapter" text NOT NULL,
	"control_number" integer NOT NULL,
	"request_x12" text NOT NULL,
	"response_x12" text,
	"status" text NOT NULL,
	"failure_message" text,
	"error_message" text,
	"summary" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eligibility_requests_status" CHECK ("eligibility_requests"."status" in ('COMPLETE', 'FAILED', 'ERROR'))
);
--> statement-breakpoint
CREATE TABLE "insurance_confirmations" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_insurance_id" integer NOT NULL,
	"auth_date" date NOT NULL,
	"reference_number" text,
	"representative" text,
	"copay_cents" integer,
	"coinsurance_percent" integer,
	"deductible_cents" integer,
	"deductible_remaining_cents" integer,
	"visits_per_year" integer,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_confirmations_money" CHECK (coalesce("insurance_confirmations"."copay_cents", 0) >= 0 and coalesce("insurance_confirmations"."deductible_cents", 0) >= 0 and coalesce("insurance_confirmations"."deductible_remaining_cents", 0) >= 0),
	CONSTRAINT "insurance_confirmations_coinsurance" CHECK ("insurance_confirmations"."coinsurance_percent" is null or "insurance_confirmations"."coinsurance_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "insurance_pre_auths" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_insurance_id" integer NOT NULL,
	"auth_date" date NOT NULL,
	"auth_number" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"visits_authorized" integer,
	"cpt_codes" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_pre_auths_visits" CHECK ("insurance_pre_auths"."visits_authorized" is null or "insurance_pre_auths"."visits_authorized" > 0)
);
--> statement-breakpoint
ALTER TABLE "practice_settings" ADD COLUMN "self_booking_mode" text DEFAULT 'request' NOT NULL;--> statement-breakpoint
ALTER TABLE "practice_settings" ADD COLUMN "public_directory_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "therapists" ADD COLUMN "public_listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "therapists" ADD COLUMN "accepting_new_clients" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "therapists" ADD COLUMN "bio" text;--> statement-breakpoint
ALTER TABLE "therapists" ADD COLUMN "specialties" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "therapists" ADD COLUMN "photo_url" text;--> statement-breakpoint
ALTER TABLE "client_insurances" ADD COLUMN "group_number" text;--> statement-breakpoint
ALTER TABLE "client_insurances" ADD COLUMN "insured_relationship" text DEFAULT 'self' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_insurances" ADD COLUMN "insured_first_name" text;--> statement-breakpoint
ALTER TABLE "client_insurances" ADD COLUMN "insured_last_name" text;--> statement-breakpoint
ALTER TABLE "client_insurances" ADD COLUMN "insured_dob" date;--> statement-breakpoint
ALTER TABLE "client_insurances" ADD COLUMN "card_photo_key" text;--> statement-breakpoint
ALTER TABLE "client_insurances" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "client_therapists" ADD COLUMN "auto_generate_claims" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "client_therapists" ADD COLUMN "auto_claim_reason" text;--> statement-breakpoint
ALTER TABLE "client_therapists" ADD COLUMN "auto_claim_changed_on" date;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "private_pay_changed_on" date;--> statement-breakpoint
ALTER TABLE "practice_insurances" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "awaiting_confirmation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "self_booking_requests" ADD CONSTRAINT "self_booking_requests_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_booking_requests" ADD CONSTRAINT "self_booking_requests_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_booking_requests" ADD CONSTRAINT "self_booking_requests_calendar_event_id_calendar_events_id_fk" FOREIGN KEY ("calendar_event_id") REFERENCES "public"."calendar_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_booking_requests" ADD CONSTRAINT "self_booking_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_booking_requests" ADD CONSTRAINT "self_booking_requests_booked_by_user_id_users_id_fk" FOREIGN KEY ("booked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_booking_requests" ADD CONSTRAINT "self_booking_requests_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapist_accepted_insurances" ADD CONSTRAINT "therapist_accepted_insurances_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapist_accepted_insurances" ADD CONSTRAINT "therapist_accepted_insurances_practice_insurance_id_practice_insurances_id_fk" FOREIGN KEY ("practice_insurance_id") REFERENCES "public"."practice_insurances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eligibility_requests" ADD CONSTRAINT "eligibility_requests_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eligibility_requests" ADD CONSTRAINT "eligibility_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eligibility_requests" ADD CONSTRAINT "eligibility_requests_client_insurance_id_client_insurances_id_fk" FOREIGN KEY ("client_insurance_id") REFERENCES "public"."client_insurances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eligibility_requests" ADD CONSTRAINT "eligibility_requests_therapist_id_therapists_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eligibility_requests" ADD CONSTRAINT "eligibility_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_confirmations" ADD CONSTRAINT "insurance_confirmations_client_insurance_id_client_insurances_id_fk" FOREIGN KEY ("client_insurance_id") REFERENCES "public"."client_insurances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_pre_auths" ADD CONSTRAINT "insurance_pre_auths_client_insurance_id_client_insurances_id_fk" FOREIGN KEY ("client_insurance_id") REFERENCES "public"."client_insurances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "self_booking_requests_idempotency_idx" ON "self_booking_requests" USING btree ("practice_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "self_booking_requests_status_idx" ON "self_booking_requests" USING btree ("practice_id","status","start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "therapist_accepted_insurances_pk" ON "therapist_accepted_insurances" USING btree ("therapist_id","practice_insurance_id");--> statement-breakpoint
CREATE INDEX "eligibility_requests_client_idx" ON "eligibility_requests" USING btree ("practice_id","client_id","created_at");--> statement-breakpoint
CREATE INDEX "eligibility_requests_created_idx" ON "eligibility_requests" USING btree ("practice_id","created_at");--> statement-breakpoint
CREATE INDEX "insurance_confirmations_policy_idx" ON "insurance_confirmations" USING btree ("client_insurance_id");--> statement-breakpoint
CREATE INDEX "insurance_pre_auths_policy_idx" ON "insurance_pre_auths" USING btree ("client_insurance_id");--> statement-breakpoint
CREATE INDEX "insurance_pre_auths_end_idx" ON "insurance_pre_auths" USING btree ("end_date");
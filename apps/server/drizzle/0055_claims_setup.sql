-- Claim set-up (issue 20 item 1; spec-1 §2 /perclaim/setup). Hand-written. One row per practice
-- says who bills (the billing provider: loops 2010AA/2010AB of the 837P) and which clearinghouse
-- carries its files; the therapists' own NPI and taxonomy stay on "therapists" (the staff page
-- edits the same columns), with the supervising provider claims name beside them; and which
-- payers the practice is enrolled with for claims and for ERAs.
CREATE TABLE "claim_setups" (
	"practice_id" integer PRIMARY KEY NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"entity_kind" text NOT NULL CHECK ("entity_kind" IN ('organisation', 'person')),
	"organisation_name" text,
	"first_name" text,
	"last_name" text,
	"npi" text NOT NULL,
	"tin_kind" text NOT NULL CHECK ("tin_kind" IN ('ein', 'ssn')),
	"tin" text NOT NULL,
	"taxonomy" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"pay_to_line1" text,
	"pay_to_line2" text,
	"pay_to_city" text,
	"pay_to_state" text,
	"pay_to_zip" text,
	"clearinghouse_kind" text DEFAULT 'local' NOT NULL CHECK ("clearinghouse_kind" IN ('local', 'https')),
	"clearinghouse_url" text,
	"submitter_id" text,
	"clearinghouse_username" text,
	-- Sealed with platform/secret-box.ts (the practice id authenticated with it); never answered.
	"clearinghouse_secret_sealed" text,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer REFERENCES "users"("id") ON DELETE set null,
	-- An organisation bills under its EIN; a person may use an SSN.
	CONSTRAINT "claim_setups_tin_kind" CHECK ("tin_kind" = 'ein' OR "entity_kind" = 'person'),
	-- A real clearinghouse comes with its whole account; the local one with none of it.
	CONSTRAINT "claim_setups_clearinghouse" CHECK (
		("clearinghouse_kind" = 'https') = ("clearinghouse_url" IS NOT NULL AND "submitter_id" IS NOT NULL
			AND "clearinghouse_username" IS NOT NULL AND "clearinghouse_secret_sealed" IS NOT NULL)),
	CONSTRAINT "claim_setups_pay_to" CHECK (("pay_to_line1" IS NULL) = ("pay_to_city" IS NULL))
);
--> statement-breakpoint
-- The supervising provider (2310D) a supervisee's claims carry; absent: the therapist bills alone.
CREATE TABLE "claim_rendering_providers" (
	"therapist_id" integer PRIMARY KEY NOT NULL REFERENCES "therapists"("id") ON DELETE cascade,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"supervising_therapist_id" integer REFERENCES "therapists"("id") ON DELETE set null,
	CONSTRAINT "claim_rendering_providers_not_self" CHECK ("supervising_therapist_id" <> "therapist_id")
);
--> statement-breakpoint
CREATE INDEX "claim_rendering_providers_practice_idx" ON "claim_rendering_providers" USING btree ("practice_id");
--> statement-breakpoint
-- Enrolment is per payer of the practice: claims go only to payers enrolled for claims, and
-- remittances are expected only from payers enrolled for ERAs.
CREATE TABLE "claim_payer_enrolments" (
	"practice_insurance_id" integer PRIMARY KEY NOT NULL REFERENCES "practice_insurances"("id") ON DELETE cascade,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"claims_enrolled" boolean DEFAULT false NOT NULL,
	"era_enrolled" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "claim_payer_enrolments_practice_idx" ON "claim_payer_enrolments" USING btree ("practice_id");

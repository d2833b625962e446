-- Claims from sessions (issue 20 item 2). Hand-written. A claim is one client's sessions billed
-- to one payer under one of the client's policies; what it says is kept per version (the
-- original, then a corrected or void one with the payer's claim number of the original), with
-- its diagnoses, service lines and providers. Its status is never stored on it: each version
-- has an append-only log of events, and each event records the status the domain's rule
-- (packages/domain/src/claims/status.ts) derived from the events up to it, so a list reads the
-- newest event and the history reads them all.
CREATE TABLE "claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
	"practice_insurance_id" integer NOT NULL REFERENCES "practice_insurances"("id"),
	-- The policy billed; a policy removed later leaves the claim, which the scrubber then stops.
	"client_insurance_id" integer REFERENCES "client_insurances"("id") ON DELETE set null,
	"responsibility" text NOT NULL CHECK ("responsibility" IN ('primary', 'secondary')),
	"origin" text NOT NULL CHECK ("origin" IN ('automatic', 'manual')),
	"created_at" timestamp with time zone NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX "claims_practice_idx" ON "claims" USING btree ("practice_id", "id");
--> statement-breakpoint
CREATE INDEX "claims_client_idx" ON "claims" USING btree ("client_id");
--> statement-breakpoint
CREATE TABLE "claim_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL REFERENCES "claims"("id") ON DELETE cascade,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"version" integer NOT NULL CHECK ("version" > 0),
	-- CLM01: the ERA answers it (CLP01), so it names one version of one claim.
	"patient_control_number" text NOT NULL
		CHECK ("patient_control_number" ~ '^[A-Za-z0-9-]{1,17}$'),
	-- CLM05-3: 1 original, 7 corrected (replacement), 8 void; 7 and 8 name the payer's claim.
	"frequency" text DEFAULT '1' NOT NULL CHECK ("frequency" IN ('1', '7', '8')),
	"original_claim_number" text,
	"place_of_service" text NOT NULL CHECK ("place_of_service" ~ '^[0-9]{2}$'),
	-- ICD-10-CM codes in the claim's order (the pointers count from 1); at most 12.
	"diagnoses" text[] DEFAULT '{}' NOT NULL CHECK (cardinality("diagnoses") <= 12),
	"prior_authorisation" text,
	"rendering_therapist_id" integer REFERENCES "therapists"("id") ON DELETE set null,
	"supervising_therapist_id" integer REFERENCES "therapists"("id") ON DELETE set null,
	"total_cents" integer NOT NULL CHECK ("total_cents" >= 0),
	-- What the content was last built from (claims/refresh.ts): a version not yet submitted is
	-- rebuilt from its sessions when this changes; one submitted is never rebuilt.
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "claim_versions_original" CHECK (("frequency" = '1') = ("original_claim_number" IS NULL)),
	CONSTRAINT "claim_versions_number" UNIQUE ("claim_id", "version")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "claim_versions_control_number_idx" ON "claim_versions" USING btree ("patient_control_number");
--> statement-breakpoint
CREATE INDEX "claim_versions_practice_idx" ON "claim_versions" USING btree ("practice_id");
--> statement-breakpoint
-- Loop 2400: one service of one version, from the session (attendee) it bills.
CREATE TABLE "claim_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL REFERENCES "claims"("id") ON DELETE cascade,
	"claim_version_id" integer NOT NULL REFERENCES "claim_versions"("id") ON DELETE cascade,
	"position" integer NOT NULL CHECK ("position" > 0),
	"attendee_id" integer REFERENCES "calendar_event_attendees"("id") ON DELETE set null,
	"date_of_service" date NOT NULL,
	"procedure_code" text NOT NULL,
	"modifiers" text[] DEFAULT '{}' NOT NULL CHECK (cardinality("modifiers") <= 4),
	"units" integer NOT NULL CHECK ("units" > 0),
	-- Null: the practice has no fee for the service (the scrubber stops the claim).
	"charge_cents" integer CHECK ("charge_cents" >= 0),
	"place_of_service" text NOT NULL CHECK ("place_of_service" ~ '^[0-9]{2}$'),
	"diagnosis_pointers" integer[] DEFAULT '{}' NOT NULL CHECK (cardinality("diagnosis_pointers") <= 4),
	-- REF*6R: the ERA echoes it, so payments find their line.
	"line_control_number" text NOT NULL CHECK ("line_control_number" ~ '^[A-Za-z0-9-]{1,30}$'),
	CONSTRAINT "claim_lines_position" UNIQUE ("claim_version_id", "position"),
	CONSTRAINT "claim_lines_control_number" UNIQUE ("claim_id", "line_control_number")
);
--> statement-breakpoint
CREATE INDEX "claim_lines_attendee_idx" ON "claim_lines" USING btree ("attendee_id");
--> statement-breakpoint
-- Which claim bills a session for which payer's turn: a session is claimed once as primary and
-- once as secondary, whoever creates it (attendance and a person at once).
CREATE TABLE "claim_sessions" (
	"attendee_id" integer NOT NULL REFERENCES "calendar_event_attendees"("id") ON DELETE cascade,
	"responsibility" text NOT NULL CHECK ("responsibility" IN ('primary', 'secondary')),
	"claim_id" integer NOT NULL REFERENCES "claims"("id") ON DELETE cascade,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	CONSTRAINT "claim_sessions_pk" PRIMARY KEY ("attendee_id", "responsibility")
);
--> statement-breakpoint
CREATE INDEX "claim_sessions_claim_idx" ON "claim_sessions" USING btree ("claim_id");
--> statement-breakpoint
CREATE TABLE "claim_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL REFERENCES "claims"("id") ON DELETE cascade,
	"claim_version_id" integer NOT NULL REFERENCES "claim_versions"("id") ON DELETE cascade,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"kind" text NOT NULL CHECK ("kind" IN ('created', 'scrubbed', 'submitted', 'acknowledged',
		'accepted', 'rejected', 'failed', 'missing', 'paid', 'denied', 'problemEra', 'voided',
		'superseded')),
	-- The status the events up to this one derive (domain claimStatusAfter), for the lists.
	"status" text NOT NULL CHECK ("status" IN ('scrubProblem', 'readyToSubmit', 'submitted',
		'accepted', 'rejected', 'failed', 'missing', 'paid', 'denied', 'problemEra', 'voided',
		'superseded')),
	-- A scrub's errors and warnings ({ code, message, field, fix }), a rejection's reason, etc.
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX "claim_events_version_idx" ON "claim_events" USING btree ("claim_version_id", "id");
--> statement-breakpoint
-- The lists: a practice's claims in one state, the newest event of each version.
CREATE INDEX "claim_events_practice_status_idx" ON "claim_events" USING btree ("practice_id", "status", "claim_version_id");
--> statement-breakpoint
-- Append-only: an event is never edited or removed; rows go only with their claim (a client's
-- deletion cascades), as the ledger's entries.
CREATE FUNCTION claim_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM claims WHERE id = OLD.claim_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'claim events cannot be changed or deleted; append another event instead'
    USING ERRCODE = '55000';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER claim_events_append_only BEFORE UPDATE OR DELETE ON claim_events
  FOR EACH ROW EXECUTE FUNCTION claim_events_append_only();
--> statement-breakpoint
-- A session with a claim shows #03A852 on the calendar (spec-1 §4), so claiming one is a change
-- to the calendar its cached windows must see.
CREATE CONSTRAINT TRIGGER claim_sessions_bump_calendar_version
  AFTER INSERT OR DELETE ON claim_sessions
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION bump_calendar_version();

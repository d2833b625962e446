-- Forms and measurement-based care (issue 18 items 1, 2, 4, 6). Hand-written. The stub form
-- definitions and assignments of 0014 grow into versioned definitions (a published version is
-- never changed: answers keep the version they were given with), assignments with five states,
-- responses saved as the client goes, typed-name signatures, revocations, measure scores,
-- alerts and schedules. The triggers at the end make the database itself refuse to change a
-- published version, a signed response, a signature or a revocation.
ALTER TABLE "form_definitions" ADD COLUMN "library_key" text;
--> statement-breakpoint
ALTER TABLE "form_definitions" ADD COLUMN "locked" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "form_definitions" ADD COLUMN "current_version" integer;
--> statement-breakpoint
ALTER TABLE "form_definitions" ADD COLUMN "draft" jsonb;
--> statement-breakpoint
ALTER TABLE "form_definitions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
CREATE TABLE "form_definition_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"definition_id" integer NOT NULL REFERENCES "form_definitions"("id") ON DELETE cascade,
	"version" integer NOT NULL,
	"questionnaire" jsonb NOT NULL,
	"measure" text,
	"signature_required" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	CONSTRAINT "form_definition_versions_measure" CHECK ("measure" is null or "measure" in ('phq9', 'gad7'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "form_definition_versions_version_idx" ON "form_definition_versions" ("definition_id", "version");
--> statement-breakpoint
-- The forms from before the builder have no questions: each gets a version 1 with none, which
-- `/form/definition/unsupported` lists until the practice publishes real content.
INSERT INTO "form_definition_versions" ("practice_id", "definition_id", "version", "questionnaire", "published_at")
SELECT fd.practice_id, fd.id, 1, jsonb_build_object('resourceType', 'Questionnaire', 'title', fd.name, 'item', '[]'::jsonb), fd.created_at
  FROM form_definitions fd;
--> statement-breakpoint
UPDATE "form_definitions" SET "current_version" = 1;
--> statement-breakpoint
ALTER TABLE "client_form_assignments" DROP CONSTRAINT "client_form_assignments_status";
--> statement-breakpoint
UPDATE "client_form_assignments" SET "status" = 'assigned' WHERE "status" = 'pending';
--> statement-breakpoint
ALTER TABLE "client_form_assignments" ALTER COLUMN "status" SET DEFAULT 'assigned';
--> statement-breakpoint
ALTER TABLE "client_form_assignments" ADD CONSTRAINT "client_form_assignments_status" CHECK ("status" in ('assigned', 'in_progress', 'completed', 'signed', 'revoked'));
--> statement-breakpoint
ALTER TABLE "client_form_assignments" ADD COLUMN "practice_id" integer REFERENCES "practices"("id") ON DELETE cascade;
--> statement-breakpoint
UPDATE "client_form_assignments" a SET "practice_id" = c.practice_id FROM clients c WHERE c.id = a.client_id;
--> statement-breakpoint
ALTER TABLE "client_form_assignments" ALTER COLUMN "practice_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "client_form_assignments" ADD COLUMN "definition_version_id" integer REFERENCES "form_definition_versions"("id");
--> statement-breakpoint
UPDATE "client_form_assignments" a SET "definition_version_id" = v.id
  FROM form_definition_versions v WHERE v.definition_id = a.form_definition_id AND v.version = 1;
--> statement-breakpoint
ALTER TABLE "client_form_assignments" ALTER COLUMN "definition_version_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "client_form_assignments" ADD COLUMN "source" text DEFAULT 'auto' NOT NULL;
--> statement-breakpoint
ALTER TABLE "client_form_assignments" ADD CONSTRAINT "client_form_assignments_source" CHECK ("source" in ('auto', 'manual', 'appointment', 'schedule'));
--> statement-breakpoint
ALTER TABLE "client_form_assignments" ALTER COLUMN "source" SET DEFAULT 'manual';
--> statement-breakpoint
ALTER TABLE "client_form_assignments" ADD COLUMN "due_event_id" integer REFERENCES "calendar_events"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "client_form_assignments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
-- A measure is given again and again, and a revoked consent may be given anew: a client holds
-- at most one open (assigned or in progress) assignment of a form at a time.
DROP INDEX "client_form_assignments_client_form_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX "client_form_assignments_open_idx" ON "client_form_assignments" ("client_id", "form_definition_id") WHERE "status" in ('assigned', 'in_progress');
--> statement-breakpoint
CREATE INDEX "client_form_assignments_client_idx" ON "client_form_assignments" ("client_id", "assigned_at");
--> statement-breakpoint
CREATE INDEX "client_form_assignments_practice_idx" ON "client_form_assignments" ("practice_id", "status");
--> statement-breakpoint
CREATE TABLE "form_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"assignment_id" integer NOT NULL REFERENCES "client_form_assignments"("id") ON DELETE cascade,
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
	"definition_version_id" integer NOT NULL REFERENCES "form_definition_versions"("id"),
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"completed_via" text,
	"started_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"submitted_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	CONSTRAINT "form_responses_completed_via" CHECK ("completed_via" is null or "completed_via" in ('portal', 'staff'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "form_responses_assignment_idx" ON "form_responses" ("assignment_id");
--> statement-breakpoint
CREATE INDEX "form_responses_client_idx" ON "form_responses" ("client_id");
--> statement-breakpoint
CREATE TABLE "form_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"response_id" integer NOT NULL REFERENCES "form_responses"("id") ON DELETE cascade,
	"typed_name" text NOT NULL,
	"signed_on" date NOT NULL,
	"signer_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"signer_role" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "form_signatures_role" CHECK ("signer_role" in ('client', 'staff'))
);
--> statement-breakpoint
CREATE INDEX "form_signatures_response_idx" ON "form_signatures" ("response_id");
--> statement-breakpoint
CREATE TABLE "form_revocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"assignment_id" integer NOT NULL REFERENCES "client_form_assignments"("id") ON DELETE cascade,
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
	"form_name" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"revoked_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"revoked_by_role" text NOT NULL,
	"revoked_at" timestamp with time zone NOT NULL,
	"ip" text,
	CONSTRAINT "form_revocations_role" CHECK ("revoked_by_role" in ('client', 'staff'))
);
--> statement-breakpoint
CREATE INDEX "form_revocations_practice_idx" ON "form_revocations" ("practice_id", "revoked_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE TABLE "measure_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
	"response_id" integer NOT NULL REFERENCES "form_responses"("id") ON DELETE cascade,
	"measure" text NOT NULL,
	"complete" boolean NOT NULL,
	"total" integer,
	"severity" text,
	"answered" integer NOT NULL,
	"self_harm_alert" boolean NOT NULL,
	"scored_at" timestamp with time zone NOT NULL,
	CONSTRAINT "measure_scores_measure" CHECK ("measure" in ('phq9', 'gad7')),
	CONSTRAINT "measure_scores_total" CHECK ("complete" = ("total" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "measure_scores_response_idx" ON "measure_scores" ("response_id");
--> statement-breakpoint
CREATE INDEX "measure_scores_client_idx" ON "measure_scores" ("client_id", "measure", "scored_at");
--> statement-breakpoint
CREATE TABLE "measure_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
	"score_id" integer NOT NULL REFERENCES "measure_scores"("id") ON DELETE cascade,
	"therapist_id" integer REFERENCES "therapists"("id") ON DELETE set null,
	"kind" text DEFAULT 'phq9_item9' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"email_id" integer,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	CONSTRAINT "measure_alerts_kind" CHECK ("kind" in ('phq9_item9'))
);
--> statement-breakpoint
CREATE INDEX "measure_alerts_therapist_idx" ON "measure_alerts" ("therapist_id", "acknowledged_at", "created_at");
--> statement-breakpoint
CREATE TABLE "measure_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
	"measure" text NOT NULL,
	"frequency" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"appointments_seen" integer DEFAULT 0 NOT NULL,
	"times_given" integer DEFAULT 0 NOT NULL,
	"created_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "measure_schedules_measure" CHECK ("measure" in ('phq9', 'gad7')),
	CONSTRAINT "measure_schedules_frequency" CHECK ("frequency" in ('once', 'every_appointment', 'every_other_appointment'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "measure_schedules_client_idx" ON "measure_schedules" ("client_id", "measure");
--> statement-breakpoint
-- Published versions, signatures and revocations never change (a merge may move the client).
CREATE OR REPLACE FUNCTION forms_refuse_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'client_id') = (to_jsonb(OLD) - 'client_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION '% cannot change', TG_TABLE_NAME USING ERRCODE = 'P0001';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER form_definition_versions_locked BEFORE UPDATE ON form_definition_versions
  FOR EACH ROW EXECUTE FUNCTION forms_refuse_change();
--> statement-breakpoint
CREATE TRIGGER form_signatures_locked BEFORE UPDATE ON form_signatures
  FOR EACH ROW EXECUTE FUNCTION forms_refuse_change();
--> statement-breakpoint
CREATE TRIGGER form_revocations_locked BEFORE UPDATE ON form_revocations
  FOR EACH ROW EXECUTE FUNCTION forms_refuse_change();
--> statement-breakpoint
-- A signed response: its answers, version and signing never change and it is never deleted
-- on its own (only with its client or practice, when the record itself is destroyed by the
-- deletion flow's cascade, which deletes the client row).
CREATE OR REPLACE FUNCTION form_responses_refuse_signed_change() RETURNS trigger AS $$
BEGIN
  IF OLD.signed_at IS NULL THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'client_id') = (to_jsonb(OLD) - 'client_id') THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM clients c WHERE c.id = OLD.client_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'form response % is signed and cannot change', OLD.id USING ERRCODE = 'P0001';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER form_responses_signed BEFORE UPDATE OR DELETE ON form_responses
  FOR EACH ROW EXECUTE FUNCTION form_responses_refuse_signed_change();
--> statement-breakpoint
-- An assignment takes its practice from its client and, unless one is named, the form's
-- current published version; a form never published cannot be given.
CREATE OR REPLACE FUNCTION client_form_assignments_fill() RETURNS trigger AS $$
BEGIN
  IF NEW.practice_id IS NULL THEN
    SELECT c.practice_id INTO NEW.practice_id FROM clients c WHERE c.id = NEW.client_id;
  END IF;
  IF NEW.definition_version_id IS NULL THEN
    SELECT v.id INTO NEW.definition_version_id
      FROM form_definitions fd JOIN form_definition_versions v
        ON v.definition_id = fd.id AND v.version = fd.current_version
     WHERE fd.id = NEW.form_definition_id;
  END IF;
  IF NEW.definition_version_id IS NULL THEN
    RAISE EXCEPTION 'form % has no published version', NEW.form_definition_id USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER client_form_assignments_filled BEFORE INSERT ON client_form_assignments
  FOR EACH ROW EXECUTE FUNCTION client_form_assignments_fill();

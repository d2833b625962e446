-- Charting (issue 17): templates, notes, locked versions, signatures, history, addenda and
-- psychotherapy notes, and the practice's charting settings. Hand-written. The triggers at the
-- end make the database itself refuse to change what was signed: a locked note's content, a
-- locked version, a signature, a history row, a locked addendum.
ALTER TABLE "practice_settings" ADD COLUMN "signed_note_required_for_billing" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "practice_settings" ADD COLUMN "note_unlock_policy" text DEFAULT 'never' NOT NULL;
--> statement-breakpoint
ALTER TABLE "practice_settings" ADD COLUMN "note_unlock_hours" integer DEFAULT 24 NOT NULL;
--> statement-breakpoint
ALTER TABLE "practice_settings" ADD CONSTRAINT "practice_settings_note_unlock_policy" CHECK ("note_unlock_policy" in ('never', 'within', 'any') AND "note_unlock_hours" between 1 and 8760);
--> statement-breakpoint
CREATE TABLE "note_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer REFERENCES "practices"("id") ON DELETE cascade,
	"key" text NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"cpt_code" text,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "note_templates_key_version_idx" ON "note_templates" ("practice_id", "key", "version") NULLS NOT DISTINCT;
--> statement-breakpoint
CREATE TABLE "chart_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
	"event_id" integer REFERENCES "calendar_events"("id") ON DELETE set null,
	"attendee_id" integer REFERENCES "calendar_event_attendees"("id") ON DELETE set null,
	"therapist_id" integer NOT NULL REFERENCES "therapists"("id"),
	"template_id" integer NOT NULL REFERENCES "note_templates"("id"),
	"kind" text DEFAULT 'progress' NOT NULL,
	"group_note_id" integer REFERENCES "chart_notes"("id"),
	"is_billing_note" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"session_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"cpt_code" text,
	"place_of_service" text,
	"telehealth" boolean DEFAULT false NOT NULL,
	"diagnoses" text[] DEFAULT '{}'::text[] NOT NULL,
	"reviewer_therapist_id" integer REFERENCES "therapists"("id"),
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chart_notes_kind" CHECK ("kind" in ('progress', 'group')),
	CONSTRAINT "chart_notes_status" CHECK ("status" in ('draft', 'pendingreview', 'feedback', 'locked')),
	CONSTRAINT "chart_notes_locked_at" CHECK (("status" = 'locked') = ("locked_at" is not null))
);
--> statement-breakpoint
CREATE INDEX "chart_notes_client_idx" ON "chart_notes" ("client_id", "session_at", "id");
--> statement-breakpoint
CREATE INDEX "chart_notes_event_idx" ON "chart_notes" ("event_id");
--> statement-breakpoint
CREATE INDEX "chart_notes_therapist_status_idx" ON "chart_notes" ("practice_id", "therapist_id", "status");
--> statement-breakpoint
CREATE INDEX "chart_notes_reviewer_idx" ON "chart_notes" ("reviewer_therapist_id", "status") WHERE "reviewer_therapist_id" is not null;
--> statement-breakpoint
CREATE UNIQUE INDEX "chart_notes_billing_note_idx" ON "chart_notes" ("event_id", "client_id") WHERE "is_billing_note" and "kind" = 'progress';
--> statement-breakpoint
CREATE UNIQUE INDEX "chart_notes_group_note_idx" ON "chart_notes" ("event_id") WHERE "kind" = 'group';
--> statement-breakpoint
CREATE TABLE "chart_note_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"note_id" integer NOT NULL REFERENCES "chart_notes"("id"),
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"header" jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"locked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "chart_note_versions_note_idx" ON "chart_note_versions" ("note_id", "version");
--> statement-breakpoint
CREATE TABLE "chart_addenda" (
	"id" serial PRIMARY KEY NOT NULL,
	"note_id" integer NOT NULL REFERENCES "chart_notes"("id"),
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"therapist_id" integer NOT NULL REFERENCES "therapists"("id"),
	"reviewer_therapist_id" integer REFERENCES "therapists"("id"),
	"status" text DEFAULT 'draft' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chart_addenda_status" CHECK ("status" in ('draft', 'pendingreview', 'feedback', 'locked'))
);
--> statement-breakpoint
CREATE INDEX "chart_addenda_note_idx" ON "chart_addenda" ("note_id", "id");
--> statement-breakpoint
CREATE INDEX "chart_addenda_therapist_status_idx" ON "chart_addenda" ("practice_id", "therapist_id", "status");
--> statement-breakpoint
CREATE TABLE "chart_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"note_id" integer NOT NULL REFERENCES "chart_notes"("id"),
	"addendum_id" integer REFERENCES "chart_addenda"("id"),
	"version" integer NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"role" text NOT NULL,
	"signer_name" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"content_hash" text NOT NULL,
	CONSTRAINT "chart_signatures_role" CHECK ("role" in ('author', 'cosigner'))
);
--> statement-breakpoint
CREATE INDEX "chart_signatures_note_idx" ON "chart_signatures" ("note_id");
--> statement-breakpoint
CREATE TABLE "chart_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"note_id" integer NOT NULL REFERENCES "chart_notes"("id"),
	"addendum_id" integer REFERENCES "chart_addenda"("id"),
	"at" timestamp with time zone NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"user_name" text NOT NULL,
	"action" text NOT NULL,
	"version" integer NOT NULL,
	"comment" text
);
--> statement-breakpoint
CREATE INDEX "chart_history_note_idx" ON "chart_history" ("note_id", "at");
--> statement-breakpoint
CREATE TABLE "psychotherapy_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
	"event_id" integer REFERENCES "calendar_events"("id") ON DELETE set null,
	"author_user_id" integer NOT NULL REFERENCES "users"("id"),
	"text" text DEFAULT '' NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "psychotherapy_notes_session_idx" ON "psychotherapy_notes" ("event_id", "client_id", "author_user_id");
--> statement-breakpoint
CREATE INDEX "psychotherapy_notes_author_idx" ON "psychotherapy_notes" ("author_user_id", "client_id");
--> statement-breakpoint
-- Signed things never change. Versions, signatures and history: never updated or deleted.
CREATE OR REPLACE FUNCTION chart_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% is signed and cannot change', TG_TABLE_NAME USING ERRCODE = 'P0001';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER chart_note_versions_locked BEFORE UPDATE OR DELETE ON chart_note_versions
  FOR EACH ROW EXECUTE FUNCTION chart_refuse_change();
--> statement-breakpoint
CREATE TRIGGER chart_signatures_locked BEFORE UPDATE OR DELETE ON chart_signatures
  FOR EACH ROW EXECUTE FUNCTION chart_refuse_change();
--> statement-breakpoint
CREATE TRIGGER chart_history_locked BEFORE UPDATE OR DELETE ON chart_history
  FOR EACH ROW EXECUTE FUNCTION chart_refuse_change();
--> statement-breakpoint
-- A locked note or addendum: never deleted, and what was signed never changes. Only the links
-- may move (a merged client, a deleted appointment), and a note may be unlocked: back to draft
-- as a new version with the same content (the locked version stays in chart_note_versions).
CREATE OR REPLACE FUNCTION chart_refuse_locked_change() RETURNS trigger AS $$
DECLARE
  movable text[] := ARRAY['client_id', 'event_id', 'attendee_id', 'updated_at', 'status', 'version', 'locked_at'];
BEGIN
  IF OLD.status <> 'locked' THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - movable) = (to_jsonb(OLD) - movable) THEN
    IF NEW.status = 'locked' AND NEW.version = OLD.version AND NEW.locked_at = OLD.locked_at THEN
      RETURN NEW;
    END IF;
    IF TG_TABLE_NAME = 'chart_notes' AND NEW.status = 'draft' AND NEW.version = OLD.version + 1 THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION '% % is locked and cannot change', TG_TABLE_NAME, OLD.id USING ERRCODE = 'P0001';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER chart_notes_locked BEFORE UPDATE OR DELETE ON chart_notes
  FOR EACH ROW EXECUTE FUNCTION chart_refuse_locked_change();
--> statement-breakpoint
CREATE TRIGGER chart_addenda_locked BEFORE UPDATE OR DELETE ON chart_addenda
  FOR EACH ROW EXECUTE FUNCTION chart_refuse_locked_change();
--> statement-breakpoint
-- The shipped templates, version 1 (domain SHIPPED_TEMPLATES; a test keeps the two equal).
INSERT INTO "note_templates" ("practice_id", "key", "version", "name", "cpt_code", "definition") VALUES
(NULL, 'soap', 1, 'SOAP progress note', NULL, '{"key":"soap","version":1,"name":"SOAP progress note","cptCode":null,"sections":[{"id":"subjective","title":"Subjective","fields":[{"id":"subjective","label":"Subjective","type":"textarea","required":true,"maxLength":20000}]},{"id":"objective","title":"Objective","fields":[{"id":"objective","label":"Objective","type":"textarea","required":true,"maxLength":20000},{"id":"mse","label":"Mental status exam","type":"mse","required":true}]},{"id":"assessment","title":"Assessment","fields":[{"id":"assessment","label":"Assessment","type":"textarea","required":true,"maxLength":20000},{"id":"risk","label":"Risk assessment","type":"risk","required":true}]},{"id":"plan","title":"Plan","fields":[{"id":"plan","label":"Plan","type":"textarea","required":true,"maxLength":20000}]}]}'::jsonb),
(NULL, 'dap', 1, 'DAP progress note', NULL, '{"key":"dap","version":1,"name":"DAP progress note","cptCode":null,"sections":[{"id":"data","title":"Data","fields":[{"id":"data","label":"Data","type":"textarea","required":true,"maxLength":20000},{"id":"mse","label":"Mental status exam","type":"mse","required":true}]},{"id":"assessment","title":"Assessment","fields":[{"id":"assessment","label":"Assessment","type":"textarea","required":true,"maxLength":20000},{"id":"risk","label":"Risk assessment","type":"risk","required":true}]},{"id":"plan","title":"Plan","fields":[{"id":"plan","label":"Plan","type":"textarea","required":true,"maxLength":20000}]}]}'::jsonb),
(NULL, 'birp', 1, 'BIRP progress note', NULL, '{"key":"birp","version":1,"name":"BIRP progress note","cptCode":null,"sections":[{"id":"behavior","title":"Behavior","fields":[{"id":"behavior","label":"Behavior","type":"textarea","required":true,"maxLength":20000},{"id":"mse","label":"Mental status exam","type":"mse","required":true}]},{"id":"intervention","title":"Intervention","fields":[{"id":"intervention","label":"Intervention","type":"textarea","required":true,"maxLength":20000}]},{"id":"response","title":"Response","fields":[{"id":"response","label":"Response","type":"textarea","required":true,"maxLength":20000},{"id":"risk","label":"Risk assessment","type":"risk","required":true}]},{"id":"plan","title":"Plan","fields":[{"id":"plan","label":"Plan","type":"textarea","required":true,"maxLength":20000}]}]}'::jsonb),
(NULL, 'intake', 1, 'Intake assessment', '90791', '{"key":"intake","version":1,"name":"Intake assessment","cptCode":"90791","sections":[{"id":"presenting","title":"Presenting problem","fields":[{"id":"presentingProblem","label":"Presenting problem","type":"textarea","required":true,"maxLength":20000},{"id":"history","label":"History of the problem","type":"textarea","required":true,"maxLength":20000}]},{"id":"background","title":"Background","fields":[{"id":"psychiatricHistory","label":"Psychiatric and treatment history","type":"textarea","required":false,"maxLength":20000},{"id":"medicalHistory","label":"Medical history and medications","type":"textarea","required":false,"maxLength":20000},{"id":"socialHistory","label":"Family and social history","type":"textarea","required":false,"maxLength":20000},{"id":"substanceUse","label":"Substance use","type":"textarea","required":false,"maxLength":20000}]},{"id":"status","title":"Mental status and risk","fields":[{"id":"mse","label":"Mental status exam","type":"mse","required":true},{"id":"risk","label":"Risk assessment","type":"risk","required":true}]},{"id":"formulation","title":"Formulation and plan","fields":[{"id":"formulation","label":"Clinical formulation","type":"textarea","required":true,"maxLength":20000},{"id":"plan","label":"Treatment recommendations","type":"textarea","required":true,"maxLength":20000}]}]}'::jsonb);

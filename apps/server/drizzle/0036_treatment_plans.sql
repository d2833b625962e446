-- Treatment plans (issue 18 item 5): templates, plans kept as versions per client and
-- therapist, signatures (therapist, supervisor, client), comments and goal progress.
-- Hand-written. The triggers at the end make the database itself refuse to change a plan
-- once its therapist has signed it (only a merge may move it to the kept client), and
-- make signatures, comments and progress entries append-only.
CREATE TABLE "treatment_plan_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer REFERENCES "practices"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "treatment_plan_templates_practice_idx" ON "treatment_plan_templates" ("practice_id");
--> statement-breakpoint
CREATE TABLE "treatment_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"client_id" integer NOT NULL REFERENCES "clients"("id"),
	"therapist_id" integer NOT NULL REFERENCES "therapists"("id"),
	"template_id" integer NOT NULL REFERENCES "treatment_plan_templates"("id"),
	"version" integer NOT NULL,
	"previous_plan_id" integer REFERENCES "treatment_plans"("id"),
	"content" jsonb NOT NULL,
	"review_date" date NOT NULL,
	"created_by_user_id" integer NOT NULL REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "treatment_plans_version" CHECK ("version" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "treatment_plans_version_idx" ON "treatment_plans" ("client_id", "therapist_id", "version");
--> statement-breakpoint
CREATE INDEX "treatment_plans_practice_therapist_idx" ON "treatment_plans" ("practice_id", "therapist_id");
--> statement-breakpoint
CREATE INDEX "treatment_plans_practice_review_idx" ON "treatment_plans" ("practice_id", "review_date");
--> statement-breakpoint
CREATE TABLE "treatment_plan_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL REFERENCES "treatment_plans"("id"),
	"role" text NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"signer_name" text NOT NULL,
	"typed_name" text,
	"supervisor_required" boolean DEFAULT false NOT NULL,
	"content_hash" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "treatment_plan_signatures_role" CHECK ("role" in ('therapist', 'supervisor', 'client'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "treatment_plan_signatures_plan_role_idx" ON "treatment_plan_signatures" ("plan_id", "role");
--> statement-breakpoint
CREATE TABLE "treatment_plan_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL REFERENCES "treatment_plans"("id"),
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"author_name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "treatment_plan_comments_plan_idx" ON "treatment_plan_comments" ("plan_id");
--> statement-breakpoint
CREATE TABLE "treatment_plan_progress" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL REFERENCES "treatment_plans"("id"),
	"goal_id" text NOT NULL,
	"progress" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"recorded_by" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "treatment_plan_progress_value" CHECK ("progress" in ('in_progress', 'improving', 'worsening', 'achieved'))
);
--> statement-breakpoint
CREATE INDEX "treatment_plan_progress_plan_idx" ON "treatment_plan_progress" ("plan_id", "goal_id", "recorded_at");
--> statement-breakpoint
-- Signatures, comments and progress entries are a record of what happened: never changed.
CREATE OR REPLACE FUNCTION treatment_plan_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% rows cannot change', TG_TABLE_NAME USING ERRCODE = 'P0001';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER treatment_plan_signatures_locked BEFORE UPDATE OR DELETE ON treatment_plan_signatures
  FOR EACH ROW EXECUTE FUNCTION treatment_plan_refuse_change();
--> statement-breakpoint
CREATE TRIGGER treatment_plan_comments_locked BEFORE UPDATE OR DELETE ON treatment_plan_comments
  FOR EACH ROW EXECUTE FUNCTION treatment_plan_refuse_change();
--> statement-breakpoint
CREATE TRIGGER treatment_plan_progress_locked BEFORE UPDATE OR DELETE ON treatment_plan_progress
  FOR EACH ROW EXECUTE FUNCTION treatment_plan_refuse_change();
--> statement-breakpoint
-- A plan its therapist signed never changes nor goes; revising it inserts the next version.
-- Only a client merge may move it to the kept record.
CREATE OR REPLACE FUNCTION treatment_plan_refuse_signed_change() RETURNS trigger AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM treatment_plan_signatures s WHERE s.plan_id = OLD.id AND s.role = 'therapist') THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'client_id') = (to_jsonb(OLD) - 'client_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'treatment plan % is signed and cannot change', OLD.id USING ERRCODE = 'P0001';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER treatment_plans_signed_locked BEFORE UPDATE OR DELETE ON treatment_plans
  FOR EACH ROW EXECUTE FUNCTION treatment_plan_refuse_signed_change();
--> statement-breakpoint
-- The shipped template (domain SHIPPED_PLAN_TEMPLATE; a test keeps the two equal).
INSERT INTO "treatment_plan_templates" ("practice_id", "name", "definition") VALUES
(NULL, 'Standard treatment plan', '{"sections":[{"key":"diagnoses","title":"Diagnosis","help":"ICD-10-CM codes, primary first.","required":true},{"key":"presentingProblem","title":"Presenting problem","help":"What brings the client to treatment, in their words and yours.","required":true},{"key":"strengths","title":"Strengths","help":"What the client brings that will help.","required":false},{"key":"goals","title":"Long-term goals and measurable objectives","help":"Each objective measurable, with a target date.","required":true},{"key":"interventions","title":"Interventions","help":"Modalities and techniques you will use.","required":true},{"key":"frequency","title":"Frequency","help":"How often sessions will be held, e.g. weekly 53-minute sessions.","required":true},{"key":"dischargeCriteria","title":"Discharge criteria","help":"When treatment will be complete.","required":true}]}'::jsonb);

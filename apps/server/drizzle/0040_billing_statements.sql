-- Statements (issue 19 item 3): each an immutable snapshot of a client's account for a
-- period. The PDF is drawn from the snapshot whenever it is asked for, so what was sent can
-- always be shown again exactly; only the delivery (when it was emailed, to whom) is added once.
CREATE TABLE "billing_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"snapshot" jsonb NOT NULL,
	"closing_cents" integer NOT NULL,
	"amount_due_cents" integer NOT NULL,
	"created_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"emailed_to" text,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "billing_statements_period" CHECK ("period_from" <= "period_to"),
	CONSTRAINT "billing_statements_emailed" CHECK (("emailed_to" IS NULL) = ("emailed_at" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "billing_statements_practice_idx" ON "billing_statements" ("practice_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "billing_statements_client_idx" ON "billing_statements" ("client_id", "created_at" DESC);
--> statement-breakpoint
CREATE FUNCTION billing_statements_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM clients WHERE id = OLD.client_id) THEN RETURN OLD; END IF;
    RAISE EXCEPTION 'statements cannot be deleted' USING ERRCODE = '55000';
  END IF;
  -- Only the delivery may be added, once.
  IF OLD.emailed_at IS NULL
     AND (NEW.id, NEW.practice_id, NEW.client_id, NEW.period_from, NEW.period_to, NEW.snapshot,
          NEW.closing_cents, NEW.amount_due_cents, NEW.created_by_user_id, NEW.created_at)
     IS NOT DISTINCT FROM
         (OLD.id, OLD.practice_id, OLD.client_id, OLD.period_from, OLD.period_to, OLD.snapshot,
          OLD.closing_cents, OLD.amount_due_cents, OLD.created_by_user_id, OLD.created_at) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'statements cannot be changed' USING ERRCODE = '55000';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER billing_statements_immutable BEFORE UPDATE OR DELETE ON billing_statements
  FOR EACH ROW EXECUTE FUNCTION billing_statements_immutable();

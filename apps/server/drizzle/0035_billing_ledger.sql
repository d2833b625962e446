-- The client ledger (issue 19 item 1): integer cents, append-only; balances are derived from
-- the entries, never stored. A change is a reversal (an entry of the same kind with the
-- opposite sign, reverses_id naming what it undoes), never an edit. See
-- packages/domain/src/billing/ledger.ts for the rules the server checks before writing; the
-- database holds the same limits at commit, so no writer can break them.
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_id" integer NOT NULL REFERENCES "practices"("id") ON DELETE cascade,
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reverses_id" integer REFERENCES "ledger_entries"("id"),
	-- Charges: the session, its service and who is expected to pay what.
	"date_of_service" date,
	"attendee_id" integer REFERENCES "calendar_event_attendees"("id") ON DELETE set null,
	"product_id" integer REFERENCES "products"("id"),
	"cpt_code" text,
	"units" integer,
	"client_part_cents" integer,
	"insurer_part_cents" integer,
	-- Payments.
	"payment_source" text,
	"payment_method" text,
	"reference" text,
	-- Allocations and refunds name their payment; allocations and adjustments their charge.
	"payment_id" integer REFERENCES "ledger_entries"("id"),
	"charge_id" integer REFERENCES "ledger_entries"("id"),
	"adjustment_kind" text,
	-- Printed on the statement (a payment's notation, an adjustment's reason).
	"notation" text,
	-- The caller's key for a payment or refund: the same submission twice is one entry.
	"idempotency_key" text,
	"created_by_user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind" CHECK ("kind" in ('charge', 'payment', 'allocation', 'adjustment', 'refund')),
	-- Entries are positive; a reversal, and an allocation taken back for a refund, negative.
	CONSTRAINT "ledger_entries_sign" CHECK (
		CASE WHEN "reverses_id" IS NOT NULL THEN "amount_cents" < 0
		     WHEN "kind" = 'allocation' THEN "amount_cents" <> 0
		     ELSE "amount_cents" > 0 END),
	CONSTRAINT "ledger_entries_charge" CHECK ("kind" <> 'charge' OR "date_of_service" IS NOT NULL),
	CONSTRAINT "ledger_entries_payment" CHECK ("kind" <> 'payment' OR (
		"payment_source" in ('client', 'insurance')
		AND "payment_method" in ('cash', 'check', 'card', 'external_card', 'era'))),
	CONSTRAINT "ledger_entries_allocation" CHECK ("kind" <> 'allocation' OR ("payment_id" IS NOT NULL AND "charge_id" IS NOT NULL)),
	CONSTRAINT "ledger_entries_adjustment" CHECK ("kind" <> 'adjustment' OR (
		"charge_id" IS NOT NULL AND "adjustment_kind" in ('discount', 'writeoff', 'contractual', 'transfer'))),
	CONSTRAINT "ledger_entries_refund" CHECK ("kind" <> 'refund' OR "payment_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX "ledger_entries_client_idx" ON "ledger_entries" ("client_id", "kind");
--> statement-breakpoint
CREATE INDEX "ledger_entries_practice_service_idx" ON "ledger_entries" ("practice_id", "date_of_service") WHERE "kind" = 'charge';
--> statement-breakpoint
CREATE INDEX "ledger_entries_payment_idx" ON "ledger_entries" ("payment_id") WHERE "payment_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "ledger_entries_charge_idx" ON "ledger_entries" ("charge_id") WHERE "charge_id" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_reversal_idx" ON "ledger_entries" ("reverses_id") WHERE "reverses_id" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idempotency_idx" ON "ledger_entries" ("practice_id", "idempotency_key") WHERE "idempotency_key" IS NOT NULL;
--> statement-breakpoint
-- Append-only: nothing is edited; rows go only with their client (a deletion, issue 21).
CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM clients WHERE id = OLD.client_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'ledger entries cannot be changed or deleted; reverse them instead'
    USING ERRCODE = '55000';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();
--> statement-breakpoint
-- At commit, the client's payments and charges are within their limits: nothing applied or
-- refunded beyond a payment, nothing applied or adjusted beyond a charge, nothing below zero.
CREATE FUNCTION ledger_entries_within_limits() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  broken integer;
BEGIN
  SELECT count(*) INTO broken FROM (
    SELECT e.id,
      e.amount_cents + coalesce((SELECT sum(r.amount_cents) FROM ledger_entries r WHERE r.reverses_id = e.id), 0) AS net,
      coalesce((SELECT sum(x.amount_cents) FROM ledger_entries x
        WHERE (e.kind = 'payment' AND x.payment_id = e.id AND x.kind in ('allocation', 'refund'))
           OR (e.kind = 'charge' AND x.charge_id = e.id AND x.kind in ('allocation', 'adjustment'))), 0) AS used
    FROM ledger_entries e
    WHERE e.client_id = NEW.client_id AND e.kind in ('payment', 'charge') AND e.reverses_id IS NULL
  ) limits
  WHERE used < 0 OR used > net;
  IF broken > 0 THEN
    RAISE EXCEPTION 'ledger entries exceed what was paid or charged' USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_within_limits
  AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_within_limits();
--> statement-breakpoint
-- Every client's balance, derived: charges − payments − adjustments + refunds.
CREATE VIEW "client_ledger_balances" AS
  SELECT practice_id, client_id,
    sum(CASE WHEN kind in ('charge', 'refund') THEN amount_cents
             WHEN kind in ('payment', 'adjustment') THEN -amount_cents
             ELSE 0 END)::bigint AS balance_cents
  FROM ledger_entries GROUP BY practice_id, client_id;

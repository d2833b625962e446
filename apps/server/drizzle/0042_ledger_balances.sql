-- What each charge still owes and what each client owes, kept by the database itself as the
-- ledger's append-only entries arrive (issue 19 item 10: open balances for 10,000 clients with
-- two years of sessions in ≤ 200 ms; summing every entry took seconds). No application code
-- writes these tables: the trigger derives them from each new entry in its own transaction,
-- and ledger_balances_mismatches() proves they equal the sums of the entries.
CREATE TABLE "ledger_charge_balances" (
	"charge_id" integer PRIMARY KEY NOT NULL REFERENCES "ledger_entries"("id") ON DELETE cascade,
	"practice_id" integer NOT NULL,
	"client_id" integer NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
	"date_of_service" date NOT NULL,
	"open_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ledger_charge_balances_open_idx" ON "ledger_charge_balances" ("practice_id", "client_id") WHERE "open_cents" > 0;
--> statement-breakpoint
CREATE TABLE "ledger_client_balances" (
	"client_id" integer PRIMARY KEY NOT NULL REFERENCES "clients"("id") ON DELETE cascade,
	"practice_id" integer NOT NULL,
	"balance_cents" bigint NOT NULL,
	"last_payment_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "ledger_client_balances_owed_idx" ON "ledger_client_balances" ("practice_id", "balance_cents" DESC, "client_id") WHERE "balance_cents" > 0;
--> statement-breakpoint
CREATE INDEX "ledger_client_balances_credit_idx" ON "ledger_client_balances" ("practice_id", "balance_cents", "client_id") WHERE "balance_cents" < 0;
--> statement-breakpoint
CREATE FUNCTION ledger_entry_effect(kind text, amount integer) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN kind in ('charge', 'refund') THEN amount
              WHEN kind in ('payment', 'adjustment') THEN -amount ELSE 0 END
$$;
--> statement-breakpoint
CREATE FUNCTION ledger_entries_project() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind = 'charge' AND NEW.reverses_id IS NULL THEN
    INSERT INTO ledger_charge_balances (charge_id, practice_id, client_id, date_of_service, open_cents)
    VALUES (NEW.id, NEW.practice_id, NEW.client_id, NEW.date_of_service, NEW.amount_cents);
  ELSIF NEW.kind = 'charge' THEN
    UPDATE ledger_charge_balances SET open_cents = open_cents + NEW.amount_cents WHERE charge_id = NEW.reverses_id;
  ELSIF NEW.kind in ('allocation', 'adjustment') THEN
    UPDATE ledger_charge_balances SET open_cents = open_cents - NEW.amount_cents WHERE charge_id = NEW.charge_id;
  END IF;
  INSERT INTO ledger_client_balances AS b (client_id, practice_id, balance_cents, last_payment_at)
  VALUES (NEW.client_id, NEW.practice_id, ledger_entry_effect(NEW.kind, NEW.amount_cents),
    CASE WHEN NEW.kind = 'payment' AND NEW.reverses_id IS NULL THEN NEW.created_at END)
  ON CONFLICT (client_id) DO UPDATE SET
    balance_cents = b.balance_cents + excluded.balance_cents,
    last_payment_at = greatest(b.last_payment_at, excluded.last_payment_at);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_project AFTER INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_project();
--> statement-breakpoint
-- Entries written before this migration.
INSERT INTO ledger_charge_balances (charge_id, practice_id, client_id, date_of_service, open_cents)
SELECT c.id, c.practice_id, c.client_id, c.date_of_service,
  c.amount_cents
  + coalesce((SELECT sum(r.amount_cents) FROM ledger_entries r WHERE r.reverses_id = c.id), 0)
  - coalesce((SELECT sum(x.amount_cents) FROM ledger_entries x
      WHERE x.charge_id = c.id AND x.kind in ('allocation', 'adjustment')), 0)
FROM ledger_entries c WHERE c.kind = 'charge' AND c.reverses_id IS NULL;
--> statement-breakpoint
INSERT INTO ledger_client_balances (client_id, practice_id, balance_cents, last_payment_at)
SELECT client_id, min(practice_id), sum(ledger_entry_effect(kind, amount_cents)),
  max(created_at) FILTER (WHERE kind = 'payment' AND reverses_id IS NULL)
FROM ledger_entries GROUP BY client_id;
--> statement-breakpoint
-- Clients and charges whose kept figures differ from the sums of their entries (none, always).
CREATE FUNCTION ledger_balances_mismatches() RETURNS TABLE (what text, id integer) LANGUAGE sql STABLE AS $$
  SELECT 'client', d.client_id FROM (
    SELECT client_id, sum(ledger_entry_effect(kind, amount_cents)) AS derived
    FROM ledger_entries GROUP BY client_id) d
  LEFT JOIN ledger_client_balances b ON b.client_id = d.client_id
  WHERE b.balance_cents IS DISTINCT FROM d.derived
  UNION ALL
  SELECT 'charge', c.id FROM ledger_entries c
  JOIN ledger_charge_balances k ON k.charge_id = c.id
  WHERE c.kind = 'charge' AND c.reverses_id IS NULL AND k.open_cents <> c.amount_cents
    + coalesce((SELECT sum(r.amount_cents) FROM ledger_entries r WHERE r.reverses_id = c.id), 0)
    - coalesce((SELECT sum(x.amount_cents) FROM ledger_entries x
        WHERE x.charge_id = c.id AND x.kind in ('allocation', 'adjustment')), 0)
$$;

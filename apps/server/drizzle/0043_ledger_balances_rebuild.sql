-- Rebuilds the balances the database keeps (migration 0042) from the entries, in two set-based
-- statements: after a bulk load with triggers off (benchmarks, a restore), or to repair them
-- should ledger_balances_mismatches() ever answer a row.
CREATE FUNCTION ledger_balances_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ledger_charge_balances;
  DELETE FROM ledger_client_balances;
  INSERT INTO ledger_charge_balances (charge_id, practice_id, client_id, date_of_service, open_cents)
  SELECT c.id, c.practice_id, c.client_id, c.date_of_service,
    c.amount_cents - coalesce(a.applied, 0) + coalesce(r.reversed, 0)
  FROM ledger_entries c
  LEFT JOIN (SELECT charge_id, sum(amount_cents) AS applied FROM ledger_entries
    WHERE kind in ('allocation', 'adjustment') GROUP BY charge_id) a ON a.charge_id = c.id
  LEFT JOIN (SELECT reverses_id, sum(amount_cents) AS reversed FROM ledger_entries
    WHERE kind = 'charge' AND reverses_id IS NOT NULL GROUP BY reverses_id) r ON r.reverses_id = c.id
  WHERE c.kind = 'charge' AND c.reverses_id IS NULL;
  INSERT INTO ledger_client_balances (client_id, practice_id, balance_cents, last_payment_at)
  SELECT client_id, min(practice_id), sum(ledger_entry_effect(kind, amount_cents)),
    max(created_at) FILTER (WHERE kind = 'payment' AND reverses_id IS NULL)
  FROM ledger_entries GROUP BY client_id;
END;
$$;

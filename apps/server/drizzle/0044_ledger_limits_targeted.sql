-- The ledger's limits at commit (migration 0035), checked for what the new entry touches —
-- its payment and its charge — instead of every payment and charge of the client: the old
-- check grew with a client's history and cost more than the write itself (issue 19 item 10).
CREATE OR REPLACE FUNCTION ledger_entries_within_limits() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target integer;
  net bigint;
  used bigint;
BEGIN
  target := CASE WHEN NEW.kind = 'payment' THEN coalesce(NEW.reverses_id, NEW.id)
                 WHEN NEW.kind in ('allocation', 'refund') THEN NEW.payment_id END;
  IF target IS NOT NULL THEN
    SELECT sum(amount_cents) INTO net FROM ledger_entries
      WHERE kind = 'payment' AND (id = target OR reverses_id = target);
    SELECT coalesce(sum(amount_cents), 0) INTO used FROM ledger_entries
      WHERE payment_id = target AND kind in ('allocation', 'refund');
    IF used < 0 OR used > coalesce(net, 0) THEN
      RAISE EXCEPTION 'ledger entries exceed what was paid' USING ERRCODE = '23514';
    END IF;
  END IF;
  target := CASE WHEN NEW.kind = 'charge' THEN coalesce(NEW.reverses_id, NEW.id)
                 WHEN NEW.kind in ('allocation', 'adjustment') THEN NEW.charge_id END;
  IF target IS NOT NULL THEN
    SELECT sum(amount_cents) INTO net FROM ledger_entries
      WHERE kind = 'charge' AND (id = target OR reverses_id = target);
    SELECT coalesce(sum(amount_cents), 0) INTO used FROM ledger_entries
      WHERE charge_id = target AND kind in ('allocation', 'adjustment');
    IF used < 0 OR used > coalesce(net, 0) THEN
      RAISE EXCEPTION 'ledger entries exceed what was charged' USING ERRCODE = '23514';
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

-- The balance view of migration 0035 is superseded by the balances the database keeps
-- (migration 0042, proven equal to the entries by ledger_balances_mismatches()); nothing reads it.
DROP VIEW "client_ledger_balances";

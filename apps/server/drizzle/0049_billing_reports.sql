-- The payments and refunds and insurance payments reports (issue 19 item 2) read money by the
-- time it was recorded within one practice; without this they scan every ledger entry of
-- every practice. Reversals are left out of the reports, so they stay out of the index too.
CREATE INDEX "ledger_entries_practice_recorded_idx" ON "ledger_entries" ("practice_id", "created_at")
  WHERE "kind" in ('payment', 'refund') AND "reverses_id" IS NULL;

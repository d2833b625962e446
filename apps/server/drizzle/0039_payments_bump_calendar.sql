-- A session paid while its chart is not locked shows orange on the calendar (spec-1 §4
-- 'payment exists with chart not locked'). Payment reaches a session through an allocation to
-- its charge, so an allocation (or its reversal, or one taken back for a refund) is a change
-- to the calendar; other ledger entries are not.
CREATE CONSTRAINT TRIGGER ledger_allocations_bump_calendar_version
  AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (NEW.kind = 'allocation')
  EXECUTE FUNCTION bump_calendar_version();

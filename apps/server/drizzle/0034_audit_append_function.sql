-- Appending an audit row in one statement: the chain's lock, its head and the row hashed
-- onto it. The writer used to send the lock apart (a statement sees only rows committed
-- before it began, so the head had to be read by a later statement once the lock was held);
-- a VOLATILE function takes a fresh snapshot for each statement inside it, so after its
-- PERFORM the SELECT sees the head as the previous holder of the lock committed it.
-- `suffix` is what JavaScript hashes after the previous hash (audit-chain.ts hashedSuffix:
-- a bar and the row's canonical JSON), so `verifyAuditChain` recomputes the same hash.
-- SECURITY INVOKER (the default): the caller needs INSERT on audit_log as before.
CREATE OR REPLACE FUNCTION audit_append(
  p_at timestamptz, p_practice_id integer, p_actor_user_id integer,
  p_impersonator_user_id integer, p_action text, p_patient_id integer,
  p_patient_ids integer[], p_detail jsonb, p_ip text, p_request_id text, p_suffix text
) RETURNS void AS $$
DECLARE
  head text;
BEGIN
  -- The same key as every writer of the chain (platform/audit.ts AUDIT_LOCK_KEY).
  PERFORM pg_advisory_xact_lock(727002);
  SELECT hash INTO head FROM audit_log ORDER BY id DESC LIMIT 1;
  head := coalesce(head, repeat('0', 64));
  INSERT INTO audit_log (at, practice_id, actor_user_id, impersonator_user_id, action,
      patient_id, patient_ids, detail, ip, request_id, prev_hash, hash)
    VALUES (p_at, p_practice_id, p_actor_user_id, p_impersonator_user_id, p_action,
      p_patient_id, p_patient_ids, p_detail, p_ip, p_request_id, head,
      encode(sha256(convert_to(head || p_suffix, 'UTF8')), 'hex'));
END;
$$ LANGUAGE plpgsql VOLATILE;

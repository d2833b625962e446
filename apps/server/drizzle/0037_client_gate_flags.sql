-- Who the caller is to a client, for the client gate (platform/client-gate.ts): the same
-- three questions the gate's statement asked inline, asked by a function so that their
-- plans are kept for the session. Planned inline they cost every gated request its largest
-- share of planning (on the embedded database about a third of a millisecond); here they
-- are planned once per connection. STABLE: they read with the calling statement's snapshot.
CREATE OR REPLACE FUNCTION client_gate_flags(
  p_client_id integer, p_user_id integer,
  OUT is_therapist boolean, OUT is_supervisor boolean, OUT is_custodian boolean
) AS $$
BEGIN
  -- The caller is one of the client's therapists.
  is_therapist := EXISTS (SELECT 1 FROM client_therapists ct
    JOIN therapists t ON t.id = ct.therapist_id
    WHERE ct.client_id = p_client_id AND t.user_id = p_user_id);
  -- The caller supervises one of the client's therapists.
  is_supervisor := EXISTS (SELECT 1 FROM client_therapists ct
    JOIN therapist_supervisors s ON s.supervisee_therapist_id = ct.therapist_id
    JOIN therapists sup ON sup.id = s.supervisor_therapist_id
    WHERE ct.client_id = p_client_id AND sup.user_id = p_user_id);
  -- The caller holds the client's records as custodian.
  is_custodian := EXISTS (SELECT 1 FROM custodian_records cr
    WHERE cr.client_id = p_client_id AND cr.custodian_user_id = p_user_id);
END;
$$ LANGUAGE plpgsql STABLE;

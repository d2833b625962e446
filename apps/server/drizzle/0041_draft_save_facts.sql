-- What saving a chart note's draft decides on (modules/charting/draft-save.ts), read by the
-- client gate's statement alongside its checks. A function so that its plan is kept for the
-- connection: planned inline with the gate it cost a save more than the gate itself (the
-- editor saves every few seconds while typing). It only reads: the save then updates the
-- row version read (xmin) or takes the locked path. STABLE: the calling statement's snapshot.
CREATE OR REPLACE FUNCTION chart_note_draft_facts(p_note_id integer, p_practice_id integer)
RETURNS json AS $$
BEGIN
  RETURN (SELECT json_build_object(
      'version', n.xmin::text, 'status', n.status, 'therapistId', n.therapist_id,
      'reviewerTherapistId', n.reviewer_therapist_id,
      -- Milliseconds, truncated as the drivers' dates are.
      'updatedMs', floor(extract(epoch FROM n.updated_at) * 1000)::float8,
      'lockedMs', floor(extract(epoch FROM n.locked_at) * 1000)::float8,
      'practiceId', n.practice_id, 'definition', t.definition,
      -- The author's active supervisors, as noteForChange reads them.
      'supervisors', coalesce((SELECT json_agg(json_build_object('therapistId', st.id,
            'userId', st.user_id, 'name', btrim(st.first_name || ' ' || st.last_name))
            ORDER BY st.last_name, st.first_name, st.id)
          FROM therapist_supervisors s JOIN therapists st ON st.id = s.supervisor_therapist_id
          WHERE s.supervisee_therapist_id = n.therapist_id AND st.active), '[]'::json))
    FROM chart_notes n JOIN note_templates t ON t.id = n.template_id
    WHERE n.id = p_note_id AND n.practice_id = p_practice_id);
END;
$$ LANGUAGE plpgsql STABLE;

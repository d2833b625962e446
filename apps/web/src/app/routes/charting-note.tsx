import type { QueryClient } from '@tanstack/react-query';
import { useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';

import { getNoteQueryOptions } from '../../features/charting/api/notes';
import { NotePage } from '../../features/charting/note/note-page';
import { OpenNotePage } from '../../features/charting/opener/open-note-page';
import { patientIdOf } from '../../features/clients/profile/lib/patient-id';
import { useProtectedAction } from '../../features/identity/session/use-protected-action';
import { getPracticeSettingsQueryOptions } from '../../features/practice/api';
import { NotFoundPage } from './not-found';
import { usePracticeTimeZone } from './practice-time-zone';

function ignore(): void {
  // The page shows the failure when it reads the same query.
}

/** Starts loading the note and the practice's zone alongside the page's code. */
export function noteLoader(queryClient: QueryClient) {
  return ({ params }: LoaderFunctionArgs) => {
    const noteId = patientIdOf(params.noteId);
    if (noteId !== null) queryClient.query(getNoteQueryOptions(noteId)).catch(ignore);
    queryClient.query(getPracticeSettingsQueryOptions()).catch(ignore);
    return null;
  };
}

/**
 * `/client/{id}/records/notes/{noteId}`: the note page, with signing run as a protected
 * action (Verify Password) and times on the practice's clocks.
 */
export function NoteRoute() {
  const params = useParams();
  const patientId = patientIdOf(params.id);
  const noteId = patientIdOf(params.noteId);
  const runProtected = useProtectedAction();
  const timeZone = usePracticeTimeZone();
  if (patientId === null || noteId === null) return <NotFoundPage fullPage={false} />;
  return (
    <NotePage
      key={noteId}
      patientId={patientId}
      noteId={noteId}
      timeZone={timeZone}
      runProtected={runProtected}
    />
  );
}

/**
 * `/client/{id}/records/attendee/{attendeeId}`: starts the session's note with a template (or
 * opens it); `?kind=additional` starts a family or collateral note beside it.
 */
export function OpenNoteRoute() {
  const params = useParams();
  const [search] = useSearchParams();
  const timeZone = usePracticeTimeZone();
  const patientId = patientIdOf(params.id);
  const attendeeId = patientIdOf(params.attendeeId);
  if (patientId === null || attendeeId === null) return <NotFoundPage fullPage={false} />;
  const additional = search.get('kind') === 'additional';
  return (
    <OpenNotePage
      key={`${attendeeId}-${additional}`}
      patientId={patientId}
      attendeeId={attendeeId}
      additional={additional}
      timeZone={timeZone}
    />
  );
}

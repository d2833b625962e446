/** API calls of charting: progress notes, addenda and a client's records (issue 17). */

const id = (n: number) => encodeURIComponent(String(n));

export const chartingApi = {
  charting: {
    /** POST: opens (the first time, creates) the note of an attendee's session. */
    openNote: '/api/charting/notes',
    /** A note (GET, PUT a draft), or a step on it (POST). */
    note: (noteId: number, step?: 'sign' | 'return' | 'cosign' | 'unlock') =>
      `/api/charting/notes/${id(noteId)}${step ? `/${step}` : ''}`,
    /** GET: the notes of an attendee's session for its client, and the template a new one starts with. */
    sessionNotes: (attendeeId: number) => `/api/charting/attendees/${id(attendeeId)}/notes`,
    /** POST: a family or collateral note (never the billing note) of an attendee's session. */
    additionalNote: '/api/charting/notes/additional',
    /** GET: the practice's current templates (the picker). */
    templates: '/api/charting/templates',
    /** GET (managers): every template with its versions. */
    managedTemplates: '/api/charting/templates/manage',
    /** POST (managers): a new version of a template. */
    templateVersions: (key: string) =>
      `/api/charting/templates/${encodeURIComponent(key)}/versions`,
    /** POST: starts an addendum on a locked note. */
    createAddendum: '/api/charting/addenda',
    /** An addendum (PUT its text), or a step on it (POST). */
    addendum: (addendumId: number, step?: 'sign' | 'return' | 'cosign') =>
      `/api/charting/addenda/${id(addendumId)}${step ? `/${step}` : ''}`,
    clientRecords: (patientId: number) => `/api/charting/clients/${id(patientId)}/records`,
    /** GET and PUT (managers): the practice's charting settings. */
    settings: '/api/charting/settings',
    /** GET: one of the signed-in therapist's charting lists (uncharted, awaitingReview, …). */
    list: (list: string) => `/api/charting/lists/${encodeURIComponent(list)}`,
  },
} as const;

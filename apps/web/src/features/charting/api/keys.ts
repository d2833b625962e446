/** The records list's filters and page (listClientRecords' query). */
export type RecordsQuery = {
  therapistId?: number;
  type?: 'note' | 'addendum';
  limit: number;
  offset: number;
};

/** Charting's query keys: a note, a client's records, the templates. */
export const chartingKeys = {
  all: ['charting'] as const,
  note: (noteId: number) => [...chartingKeys.all, 'note', noteId] as const,
  records: (patientId: number) => [...chartingKeys.all, 'records', patientId] as const,
  recordsPage: (patientId: number, query: RecordsQuery) =>
    [...chartingKeys.records(patientId), query] as const,
  /** Who the client is and their therapists (the records page's heading and filter). */
  client: (patientId: number) => [...chartingKeys.all, 'client', patientId] as const,
  /** An attendee's session notes (the template picker's page). */
  sessionNotes: (attendeeId: number) => [...chartingKeys.all, 'session', attendeeId] as const,
  /** The practice's current templates, and (managers) all their versions. */
  templates: ['charting', 'templates'] as const,
  managedTemplates: ['charting', 'templates', 'manage'] as const,
};

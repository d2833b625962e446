/** What charting says on success and when asking first (errors are the server's own). */
export const CHARTING_TEXT = {
  signed: 'Note signed and locked.',
  sent: 'Note sent for review.',
  returned: 'Note returned with feedback.',
  cosigned: 'Note co-signed and locked.',
  unlocked: 'Note unlocked: a new draft version is open.',
  addendumStarted: 'Addendum started.',
  addendumSigned: 'Addendum signed and locked.',
  addendumSent: 'Addendum sent for review.',
  addendumReturned: 'Addendum returned with feedback.',
  addendumCosigned: 'Addendum co-signed and locked.',
  emptyAddendum: 'Write the addendum before signing it.',
  notSavedBeforeSigning:
    'The latest changes are not saved yet, so the note cannot be signed. Try again in a moment.',
  fixBeforeSigning: 'Complete these before signing:',
} as const;

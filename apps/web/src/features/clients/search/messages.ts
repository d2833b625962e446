/** Client search messages (spec-1 §8, spec-2 §8), word for word. */
export const SEARCH_FAILED_MESSAGE = "We're having trouble search for clients right now.";
export const GROUPS_FAILED_MESSAGE = 'Unable to load client groups.';
export const NO_MATCHES_MESSAGE = 'No clients match your search.';
export const EXPORT_STARTED_MESSAGE = 'Starting download';
export const EXPORT_DONE_MESSAGE = 'Download complete.';
export const CLIENT_CREATED_MESSAGE = 'Client created.';
export const INVITATION_SENT_MESSAGE = 'Portal invitation sent.';
export const INVITATION_FAILED_MESSAGE = 'Unable to send portal invitation.';

/** The messages of online booking, shared by the routes, the services and the tests. */

/** 409 when another booking took the slot between showing it and booking it. */
export const SLOT_JUST_TAKEN = 'Sorry, that time was just taken. Please choose another.';
/** 409 when the time was never an open online slot (off the grid, past, not online, wrong mode). */
export const SLOT_NOT_OPEN = 'That time is not open for online booking. Please choose another.';
export const THERAPIST_NOT_FOUND = 'We could not find that therapist.';
export const PRACTICE_DIRECTORY_NOT_FOUND = "We could not find that practice's directory.";
export const NOT_ACCEPTING_NEW_CLIENTS =
  'This therapist is not taking new clients through online booking.';
export const TELEHEALTH_NOT_OFFERED = 'This therapist does not offer telehealth appointments.';
export const RANGE_TOO_LONG = 'Choose a range of at most 7 days, ending after it starts.';
export const IDEMPOTENCY_KEY_REUSED =
  'This booking was already sent with other details. Reload the page and try again.';
export const DOB_IN_FUTURE = 'The date of birth cannot be in the future.';
export const NO_CLIENT_RECORD =
  'Your sign-in is not linked to a client record. Please contact the practice.';
export const NO_DOB_ON_RECORD =
  'Your record has no date of birth, so online booking cannot confirm who you are. Please contact the practice.';
export const NO_EMAIL_ON_RECORD =
  'Your record has no email address for the confirmation. Please contact the practice.';
export const REQUEST_NOT_FOUND = 'We could not find that booking request.';
export const requestAlreadyDecided = (status: 'CONFIRMED' | 'DECLINED') =>
  `This request was already ${status === 'CONFIRMED' ? 'confirmed' : 'declined'}.`;
export const REQUEST_APPOINTMENT_CANCELLED =
  'The appointment of this request was cancelled, so it cannot be confirmed. Decline it instead.';
/** 400 when staff confirm a visitor's request without saying who the visitor is. */
export const CHOOSE_CLIENT = 'Choose whether this is a new client or which existing client it is.';
/** 400 when staff choose another client (or a new one) for a signed-in client's own booking. */
export const PORTAL_REQUEST_OWN_RECORD =
  'A signed-in client booked this for their own record; confirm it without choosing a client.';
/** 400 when the existing client chosen is merged, deleted or a group. */
export const CLIENT_NOT_CHOOSABLE =
  'That client cannot be chosen (merged, deleted or a group). Choose another or a new client.';

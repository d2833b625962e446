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
/** The cancel reason written on the held appointment of a declined request. */
export const DECLINED_CANCEL_REASON = 'Declined online booking request';

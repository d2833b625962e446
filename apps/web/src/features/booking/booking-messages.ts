/** Messages the booking pages share. */
export const NOT_TAKING_CLIENTS =
  'This therapist is not taking new clients through online booking. Please contact the practice.';

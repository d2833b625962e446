/** The scheduling and creation messages of spec-1 §8, word for word. */
export const SCHEDULING_MESSAGES = {
  requestFailed: 'Unable to create request.',
  telehealthFailed: "We're sorry, we weren't able to determine telehealth eligibility.",
  productsFailed: "We're sorry, there was an error loading CPT codes.",
  conflictsFailed: "We're sorry, there was a problem checking for conflicts.",
  handlingFailed: "We're sorry, there was an error handling your scheduling request.",
  meetingCreated: 'Meeting created.',
  meetingFailed: 'Meeting could not be created. Please try again.',
  itemCreated: 'Calendar item created.',
  itemFailed: 'Calendar item could not be created. Please try again.',
} as const;

/** '1 calendar item already takes this time.' / '3 calendar items already take this time.' */
export function conflictText(count: number): string {
  return count === 1
    ? '1 calendar item already takes this time.'
    : `${count} calendar items already take this time.`;
}

export const NOT_THERAPIST_FOR_CLIENT = 'This therapist is not one of the client’s therapists.';
export const NO_PRODUCTS = 'No services (CPT codes) are set up for this client.';
export const ALLOW_DOUBLE_BOOKING = 'Allow double booking';

/**
 * Spec-2 §8 saved-card messages and spec-1 §9's card delete toast (7000 ms). Kept here, not
 * imported from the contracts at run time, so the billing pages carry no zod.
 */
export const CARD_MESSAGES = {
  fetch: 'Unable to fetch saved cards.',
  save: 'Unable to save card.',
  add: 'Unable to add card.',
  delete: "We're sorry, there was an error deleting this card.",
  deleteToastMs: 7000,
} as const;

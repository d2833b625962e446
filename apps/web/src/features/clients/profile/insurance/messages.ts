/**
 * The Insurance tab's snackbar texts (spec-2 §8, Insurance). Errors show in
 * the error colour for 5 s; the success texts other than 'Policy converted.'
 * and the empty states are ours.
 */
export const INSURANCE_MESSAGES = {
  load: 'Unable to load client insurance.',
  save: 'Unable to save insurance.',
  add: 'Unable to add insurance.',
  delete: 'Unable to delete insurance.',
  savePreAuth: 'Unable to save pre-authorization.',
  addPreAuth: 'Unable to add pre-authorization.',
  saveConfirmation: 'Unable to save benefits confirmation.',
  addConfirmation: 'Unable to add benefits confirmation.',
  saveCard: 'Unable to save insurance card photo.',
  deleteCard: 'Unable to delete insurance card photo.',
  privatePay: "We're sorry, there was a problem turning private pay on/off.",
  usualFee: "We're sorry, there was a problem updating this client's usual fee.",
  autoClaims: 'Unable to save automatic claim creation setting.',
  // Deleting a pre-authorization or confirmation: not in the spec; ours, in its words.
  deletePreAuth: 'Unable to delete pre-authorization.',
  deleteConfirmation: 'Unable to delete benefits confirmation.',
  loadPayers: "Unable to load the practice's insurance companies.",
  loadCptCodes: 'Unable to load CPT codes.',
  // Success.
  converted: 'Policy converted.',
  saved: 'Insurance saved.',
  cardSaved: 'Insurance card photo saved.',
  preAuthSaved: 'Pre-authorization saved.',
  confirmationSaved: 'Benefits confirmation saved.',
  billingSaved: 'Billing settings saved.',
  noPolicies: 'No insurance policies yet.',
} as const;

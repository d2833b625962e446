/**
 * The practice module's door for other modules and the demo seed: the
 * practice's outside contacts (the client profile's referral source and fax),
 * its demographic settings (the profile's demographics), its logo and
 * information (navigation data, statements, claims); and, for the demo seed,
 * the set-up pages' own services for staff, locations and services, so the
 * demo practice is made by the same rules as a practice set up by hand.
 */
export { contactColumns, listPracticeContacts, loadPracticeContact } from './contacts/queries.ts';
export { createContact, type ContactInput } from './contacts/service.ts';
export {
  demographicsOf,
  ensureStandardDemographicFields,
  loadDemographicSettings,
  type DemographicSettings,
} from './demographics/queries.ts';
export { saveDemographicSettings } from './demographics/service.ts';
export { logoUrlsOf } from './logo/urls.ts';
export { saveLocation, type LocationInput } from './locations/service.ts';
export { saveService, type ServiceInput } from './services/service.ts';
export { loadStaffRow } from './staff/queries.ts';
export {
  createStaffAccount,
  saveTherapistDetails,
  setAgentTherapists,
  setChosenPassword,
  type NewStaffAccount,
  type TherapistDetails,
} from './staff/service.ts';

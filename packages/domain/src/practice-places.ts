import { formatUsDate } from './formats.ts';

/**
 * The practice's places and services (issue 16 items 2 and 3): which location is the
 * default, when a location is closed, which services a therapist offers. Pure rules;
 * the server applies them to what it reads, the web to what it shows.
 */

export type PlaceLocation = {
  id: number;
  name: string;
  isDefault: boolean;
  active: boolean;
  /** The first day (YYYY-MM-DD, practice's zone) nothing may be booked there; null when open. */
  closesOn: string | null;
};

/** Whether the location is closed on the day (YYYY-MM-DD): from its closing date on. */
export function isLocationClosedOn(location: { closesOn: string | null }, day: string): boolean {
  return location.closesOn !== null && day >= location.closesOn;
}

/** Whether an appointment may be booked at the location on the day: active and not closed. */
export function isLocationBookableOn(location: PlaceLocation, day: string): boolean {
  return location.active && !isLocationClosedOn(location, day);
}

/** 'main' in any case and spacing: the name a practice's default falls back to (spec-2 §9). */
export function isNamedMain(name: string): boolean {
  return name.trim().toLowerCase() === 'main';
}

/**
 * The practice's default location on a day: among the bookable locations, the one marked
 * default, else the one named 'main' (spec-2 §9), else none. Ties go to the oldest (lowest id).
 */
export function defaultLocationOf<T extends PlaceLocation>(
  locations: readonly T[],
  day: string,
): T | null {
  const open = locations.filter((l) => isLocationBookableOn(l, day)).sort((a, b) => a.id - b.id);
  return open.find((l) => l.isDefault) ?? open.find((l) => isNamedMain(l.name)) ?? null;
}

/** What a booking at a closed location hears. */
export function locationClosedMessage(location: { name: string; closesOn: string }): string {
  return `${location.name} is closed from ${formatUsDate(location.closesOn)}. Choose another location or an earlier day.`;
}

/** What the availability editor says about weekly hours at a location with a closing date. */
export function weeklyHoursAtClosingLocation(location: { name: string; closesOn: string }): string {
  return `${location.name} closes on ${formatUsDate(location.closesOn)}, so weekly hours cannot be set there. Choose another location, or add extra hours on days before it closes.`;
}

export const LOCATION_MESSAGES = {
  notFound: 'We could not find that location.',
  nameTaken: 'Another location of this practice already has that name.',
  colour: 'Choose a colour as #RRGGBB, e.g. #1E88E5.',
  closeInPast: 'Choose a closing date from today on.',
  closingDefault:
    'This is the default location. Make another location the default before closing it.',
  deactivateDefault:
    'This is the default location. Make another location the default before deactivating it.',
  defaultMustBeOpen: 'Only an active, open location can be the default.',
} as const;

/** A calendar colour: '#' and six hex digits. */
export function isHexColour(value: string): boolean {
  return /^#[0-9a-fA-F]{6}$/.test(value);
}

/** Places of service a location may have on claims (CMS codes a therapy practice uses). */
export const PLACE_OF_SERVICE_CODES = [
  { code: '11', label: '11 Office' },
  { code: '02', label: '02 Telehealth (not in the client’s home)' },
  { code: '10', label: '10 Telehealth in the client’s home' },
  { code: '03', label: '03 School' },
  { code: '12', label: '12 Home' },
  { code: '22', label: '22 Outpatient hospital' },
  { code: '53', label: '53 Community mental health center' },
  { code: '99', label: '99 Other place of service' },
] as const;

export type PlaceOfServiceCode = (typeof PLACE_OF_SERVICE_CODES)[number]['code'];

export const SERVICE_MESSAGES = {
  notFound: 'We could not find that service.',
  cptTaken: (code: string) =>
    `The practice already has an active service with CPT code ${code}. Edit that service instead.`,
  cptFormat: 'Enter a CPT or HCPCS code: five characters, e.g. 90837.',
  payerNotFound: 'Choose an insurance payer of this practice.',
  therapistNotFound: 'Choose a therapist of this practice.',
  serviceNotFound: 'Choose an active service of this practice.',
} as const;

/** A CPT (five digits, or four and a letter) or HCPCS Level II code (a letter and four digits). */
export function isServiceCode(value: string): boolean {
  return /^(\d{5}|\d{4}[A-Z]|[A-Z]\d{4})$/.test(value);
}

/**
 * The services scheduling suggests for a therapist: the ones they offer when the practice
 * has said which they offer, else all of the practice's (a practice that has not set
 * offerings is not left with nothing to book).
 */
export function servicesOfferedBy<T extends { id: number }>(
  services: readonly T[],
  offeredIds: readonly number[],
): T[] {
  if (offeredIds.length === 0) return [...services];
  const offered = new Set(offeredIds);
  return services.filter((s) => offered.has(s.id));
}

/** The fee for a service billed to a payer: the payer's scheduled fee, else the default fee. */
export function feeFor(
  service: { id: number; feeCents: number },
  payerFees: readonly { productId: number; feeCents: number }[],
): number {
  return payerFees.find((f) => f.productId === service.id)?.feeCents ?? service.feeCents;
}

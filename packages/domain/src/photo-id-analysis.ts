/**
 * Photo ID analysis (spec-2 §3 Client photoIdAnalysis, §4): what a read of
 * the client's photo ID may change on the profile. The analysis service
 * answers name parts, a date of birth and address parts; the profile is
 * updated only where analysed values exist and differ:
 *
 * - name: needs a first and a last name; the middle name is taken when the
 *   ID has one, else the profile's stays;
 * - address: needs addressLine1, city, state and a zipcode of at least 5
 *   digits; it replaces the default address and clears addressLine2;
 * - dob: needs a (real, not future) date that differs.
 *
 * Text compares without regard to case or repeated spaces (an ID printed in
 * capitals is not a different name), zip codes by their digits.
 */

export const PHOTO_ID_PARTS = ['name', 'dob', 'address'] as const;
export type PhotoIdPart = (typeof PHOTO_ID_PARTS)[number];

/** The analysis, normalised: every value a trimmed string, or null when the ID did not give it. */
export type PhotoIdAnalysis = {
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  /** YYYY-MM-DD. */
  dob: string | null;
  addressLine1: string | null;
  city: string | null;
  /** Two capital letters. */
  state: string | null;
  /** 5 or 9 digits. */
  zipcode: string | null;
};

export const PHOTO_ID_ANALYSIS_FIELDS = [
  'firstName',
  'middleName',
  'lastName',
  'dob',
  'addressLine1',
  'city',
  'state',
  'zipcode',
] as const satisfies readonly (keyof PhotoIdAnalysis)[];

export type PhotoIdName = { firstName: string; middleName: string | null; lastName: string };
export type PhotoIdAddress = {
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string;
  zipcode: string;
};

/** The profile's values the analysis is compared with; `address` is the default address. */
export type PhotoIdProfileValues = PhotoIdName & {
  dob: string | null;
  address: PhotoIdAddress | null;
};

/** What the profile has now, and what the photo ID would put there. */
export type PhotoIdChange<Current, Proposed = Current> = { current: Current; proposed: Proposed };

/** The parts that would change; a part left out changes nothing. */
export type PhotoIdProposedChanges = {
  name?: PhotoIdChange<PhotoIdName>;
  dob?: PhotoIdChange<string | null, string>;
  address?: PhotoIdChange<PhotoIdAddress | null, PhotoIdAddress>;
};

/** Longest value kept for each field (the profile's own limits). */
const MAX_LENGTH: Record<keyof PhotoIdAnalysis, number> = {
  firstName: 60,
  middleName: 60,
  lastName: 60,
  dob: 10,
  addressLine1: 100,
  city: 60,
  state: 2,
  zipcode: 9,
};

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

function textOf(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const text = squeeze(value);
  return text === '' || text.length > max ? null : text;
}

function isRealDate(iso: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/**
 * Reads what an analysis service answered. Anything that is not a usable
 * value becomes null: blank or over-long text, a date that is not a real
 * YYYY-MM-DD (or is before 1900 or after `today`), a state that is not two
 * letters, a zip code that is not 5 or 9 digits (a dash is allowed).
 */
export function normalizePhotoIdAnalysis(raw: unknown, today?: string): PhotoIdAnalysis {
  const source = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const out = {} as PhotoIdAnalysis;
  for (const field of PHOTO_ID_ANALYSIS_FIELDS) {
    out[field] = textOf(source[field], field === 'zipcode' ? 10 : MAX_LENGTH[field]);
  }
  if (
    out.dob !== null &&
    (!isRealDate(out.dob) || out.dob < '1900-01-01' || (today !== undefined && out.dob > today))
  )
    out.dob = null;
  if (out.state !== null)
    out.state = /^[A-Za-z]{2}$/.test(out.state) ? out.state.toUpperCase() : null;
  if (out.zipcode !== null) {
    out.zipcode = /^\d{5}(?:-?\d{4})?$/.test(out.zipcode) ? out.zipcode.replace(/\D/g, '') : null;
  }
  return out;
}

/** Same text for a person: case and repeated spaces aside. */
function sameText(a: string | null, b: string | null): boolean {
  return squeeze(a ?? '').toLowerCase() === squeeze(b ?? '').toLowerCase();
}

const zipDigits = (zip: string | null) => (zip ?? '').replace(/\D/g, '');

/** The changes the analysis proposes for the profile (spec-2 §4's rule). */
export function photoIdProposedChanges(
  current: PhotoIdProfileValues,
  analysis: PhotoIdAnalysis,
): PhotoIdProposedChanges {
  const changes: PhotoIdProposedChanges = {};

  if (analysis.firstName && analysis.lastName) {
    const proposed: PhotoIdName = {
      firstName: analysis.firstName,
      middleName: analysis.middleName ?? current.middleName,
      lastName: analysis.lastName,
    };
    const differs =
      !sameText(proposed.firstName, current.firstName) ||
      !sameText(proposed.lastName, current.lastName) ||
      !sameText(proposed.middleName, current.middleName);
    if (differs) {
      changes.name = {
        current: {
          firstName: current.firstName,
          middleName: current.middleName,
          lastName: current.lastName,
        },
        proposed,
      };
    }
  }

  if (analysis.dob && analysis.dob !== current.dob) {
    changes.dob = { current: current.dob, proposed: analysis.dob };
  }

  const { addressLine1, city, state, zipcode } = analysis;
  if (addressLine1 && city && state && zipcode && zipcode.length >= 5) {
    const now = current.address;
    const differs =
      now === null ||
      !sameText(addressLine1, now.addressLine1) ||
      !sameText(city, now.city) ||
      !sameText(state, now.state) ||
      zipDigits(zipcode) !== zipDigits(now.zipcode);
    if (differs) {
      changes.address = {
        current: now,
        proposed: { addressLine1, addressLine2: null, city, state, zipcode },
      };
    }
  }

  return changes;
}

/** The parts of a proposal that were chosen, in the rule's order. */
export function chosenPhotoIdChanges(
  proposal: PhotoIdProposedChanges,
  parts: readonly PhotoIdPart[],
): PhotoIdProposedChanges {
  const chosen: PhotoIdProposedChanges = {};
  if (parts.includes('name') && proposal.name) chosen.name = proposal.name;
  if (parts.includes('dob') && proposal.dob) chosen.dob = proposal.dob;
  if (parts.includes('address') && proposal.address) chosen.address = proposal.address;
  return chosen;
}

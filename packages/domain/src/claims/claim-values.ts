/**
 * Reading the values of a claim the way payers read them: ZIP codes, TINs,
 * ICD-10 and procedure codes, PO boxes, relationship codes. Shared by the
 * scrubber (which says what is wrong) and the builder (which writes the
 * normalised value), so both agree on what a value means. Pure.
 */
import type { InsuredRelationship } from '../insurance.ts';
import type { ClaimAddress, Claim, PayerResponsibility, ServiceLine } from './model.ts';

/** The patient control number (CLM01): our limit of 17 keeps it whole on every payer's system and on the CMS-1500 (box 26). */
export const MAX_PATIENT_CONTROL_NUMBER = 17;
/** The 837P allows 12 diagnoses per claim (one HI segment: MAX_DIAGNOSES, shared with the client's record), 4 pointers and 4 modifiers per line, 50 lines per claim. */
export const MAX_POINTERS = 4;
export const MAX_MODIFIERS = 4;
export const MAX_LINES = 50;
/** Places of service for telehealth, which payers expect with modifier 95. */
export const TELEHEALTH_PLACES = ['02', '10'] as const;
export const TELEHEALTH_MODIFIER = '95';

export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

/** The ZIP code as X12 carries it (5 or 9 digits, no hyphen), or null when it is neither. */
export function zipDigits(zip: string): string | null {
  const trimmed = zip.trim();
  if (!/^\d{5}(-?\d{4})?$/.test(trimmed)) return null;
  return digitsOnly(trimmed);
}

export function hasZipPlus4(zip: string): boolean {
  return zipDigits(zip)?.length === 9;
}

/** A TIN (EIN 12-3456789 or SSN 123-45-6789) as its 9 digits, or null. */
export function tinDigits(value: string): string | null {
  const trimmed = value.trim();
  return /^(\d{2}-?\d{7}|\d{3}-?\d{2}-?\d{4})$/.test(trimmed) ? digitsOnly(trimmed) : null;
}

/** PO Box 12, P.O. Box, Post Office Box, POB 3, Lockbox: a mailbox, not a place of business. */
const PO_BOX = /\b(?:P\.?\s*O\.?\s*B(?:OX)?|POST\s+OFFICE\s+BOX|LOCK\s*BOX)\b/i;

export function isPoBox(address: ClaimAddress): boolean {
  return PO_BOX.test(address.line1) || PO_BOX.test(address.line2 ?? '');
}

/** Every part of an address is filled in, with a 2-letter state and a ZIP code X12 can carry. */
export function isCompleteAddress(address: ClaimAddress | null | undefined): boolean {
  return (
    address !== null &&
    address !== undefined &&
    address.line1.trim() !== '' &&
    address.city.trim() !== '' &&
    /^[A-Za-z]{2}$/.test(address.state.trim()) &&
    zipDigits(address.zip) !== null
  );
}

/** Two addresses are the same place once case and spacing are ignored. */
export function sameAddress(a: ClaimAddress, b: ClaimAddress): boolean {
  const key = (x: ClaimAddress) =>
    [x.line1, x.line2 ?? '', x.city, x.state, zipDigits(x.zip) ?? x.zip]
      .map((part) => part.trim().replace(/\s+/g, ' ').toUpperCase())
      .join('|');
  return key(a) === key(b);
}

/**
 * ICD-10-CM: a letter, a digit, a letter or digit, then up to 4 more after an
 * optional dot (F41.1, F411, Z63.0, F32.A). A format check only: whether the
 * code exists in this year's code set is the payer's to say.
 */
const ICD10 = /^[A-Z]\d[A-Z0-9](?:\.?[A-Z0-9]{1,4})?$/;

export function isIcd10(code: string): boolean {
  return ICD10.test(code.trim().toUpperCase());
}

/** The code as the HI segment carries it: upper case, no dot (F41.1 → F411). */
export function icd10ForX12(code: string): string {
  return code.trim().toUpperCase().replace('.', '');
}

/** A procedure modifier: two letters or digits (95, GT, HO, 59). */
export function isModifier(modifier: string): boolean {
  return /^[A-Z0-9]{2}$/.test(modifier.trim().toUpperCase());
}

/** A provider taxonomy code: 10 characters ending in X (101YP2500X). */
export function isTaxonomy(code: string): boolean {
  return /^[0-9]{3}[A-Z0-9]{6}X$/.test(code.trim().toUpperCase());
}

/** A CMS place of service: two digits. */
export function isPlaceOfService(code: string): boolean {
  return /^\d{2}$/.test(code.trim());
}

/** SBR02 (subscriber is the patient) and PAT01 (the patient is the subscriber's …) codes. */
export const RELATIONSHIP_CODES: Readonly<Record<InsuredRelationship, string>> = {
  self: '18',
  spouse: '01',
  child: '19',
  other: 'G8',
};

/** SBR01 payer responsibility sequence codes. */
export const RESPONSIBILITY_CODES: Readonly<Record<PayerResponsibility, string>> = {
  primary: 'P',
  secondary: 'S',
  tertiary: 'T',
};

/** The line's place of service: its own, else the claim's. */
export function linePlace(claim: Pick<Claim, 'placeOfService'>, line: ServiceLine): string {
  return (line.placeOfService ?? '').trim() || claim.placeOfService.trim();
}

/** CLM02: the sum of the line charges (an unknown fee counts as 0; the scrubber stops such claims). */
export function claimTotalCents(claim: Pick<Claim, 'lines'>): number {
  return claim.lines.reduce((sum, line) => sum + (line.chargeCents ?? 0), 0);
}

/** Units as X12 writes a decimal: '1', '1.5' (no exponent, no trailing zeros). */
export function x12Quantity(value: number): string {
  return String(Number(value.toFixed(3)));
}

const DAY_MS = 86_400_000;

/** Whole days from one YYYY-MM-DD date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

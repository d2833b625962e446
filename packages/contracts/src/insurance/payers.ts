import { z } from 'zod';
import { defineCall } from '../define.ts';

/**
 * The practice's payers (spec-2 §3 Practice insurance): the list (active ones unless
 * includeAll), adding or editing one, and ending one. Payers are never deleted.
 */

const id = z.coerce.number().int().positive().max(2_147_483_647);
/** Loose here on purpose: the domain's validatePayer gives the messages. */
const text = z.string().max(500).nullable().optional();

/** A payer as every call answers it (spec-2 §3 names, plus the address). */
export const payer = z.object({
  practice_insurance_id: z.number(),
  label: z.string(),
  /** 'Label (payerId)'. */
  displayLabel: z.string(),
  payerId: z.string(),
  addressLine1: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  /** Digits: 5 or 9. */
  zipcode: z.string().nullable(),
  /** 10 digits. */
  phone: z.string().nullable(),
  endDate: z.string().nullable(),
  therapist_specific: z.boolean(),
  /** Offered in the practice's lists (spec-2 §4). */
  active: z.boolean(),
});

export const listPracticeInsurance = defineCall('GET', '/practiceInsurance', {
  querystring: z.object({ includeAll: z.enum(['true', 'false']).optional() }),
  response: { 200: z.object({ data: z.array(payer) }) },
});

/** No id adds a payer (201), an id edits it (200). */
export const savePracticeInsurance = defineCall('POST', '/practiceInsurance/save', {
  body: z.object({
    /** Omitted: add a payer; given: edit that one. */
    practice_insurance_id: id.optional(),
    label: z.string().max(500),
    payerId: z.string().max(500),
    addressLine1: text,
    city: text,
    state: text,
    zipcode: text,
    phone: text,
    endDate: text,
    therapist_specific: z.boolean().optional(),
  }),
  response: { 200: payer, 201: payer },
});

export const endPracticeInsurance = defineCall('POST', '/practiceInsurance/end', {
  body: z.object({
    practice_insurance_id: id,
    /** ISO or MM/DD/YYYY; omitted: today, which ends the payer at once. */
    endDate: z.string().max(20).optional(),
  }),
  response: { 200: payer },
});

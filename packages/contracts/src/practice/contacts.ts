import { PRACTICE_CONTACT_KINDS, PRACTICE_CONTACT_STATES } from '@openpractice/domain';
import { z } from 'zod';
import { dataOf, idParamSchema, optionalText, textSchema } from '../common.ts';
import { defineCall } from '../define.ts';

/**
 * The practice's outside contacts (spec-1 §2 /practice/contacts): referral
 * sources, physicians, schools, attorneys and others. The client profile's
 * referral source and referral fax pick from these.
 */

export const practiceContactKind = z.enum(PRACTICE_CONTACT_KINDS);

/** A contact in lists and pickers. */
export const practiceContact = z.object({
  contactId: z.number(),
  name: z.string(),
  organization: z.string().nullable(),
  phone: z.string().nullable(),
  fax: z.string().nullable(),
  email: z.string().nullable(),
  active: z.boolean(),
  kind: practiceContactKind,
});

/** A contact's whole record, for its own page. */
export const practiceContactDetail = practiceContact.extend({
  phone2: z.string().nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipcode: z.string().nullable(),
  npi: z.string().nullable(),
  notes: z.string().nullable(),
  /** Clients whose referral source this contact is. */
  referredClients: z.number(),
});

/** Without a state, every contact (the picker shows inactive ones greyed out). */
export const listPracticeContacts = defineCall('GET', '/practice/contacts', {
  querystring: z.object({ state: z.enum(PRACTICE_CONTACT_STATES).optional() }),
  response: { 200: dataOf(z.array(practiceContact)) },
});

const contactParams = z.object({ contactId: idParamSchema });

export const getPracticeContact = defineCall('GET', '/practice/contacts/:contactId', {
  params: contactParams,
  response: { 200: dataOf(practiceContactDetail) },
});

/** What staff type in; phones, fax, email, ZIP code and NPI are checked by the domain's rules. */
export const practiceContactInput = z.object({
  kind: practiceContactKind,
  name: textSchema(120, { min: 1 }),
  organization: optionalText(120),
  phone: optionalText(30),
  phone2: optionalText(30),
  fax: optionalText(30),
  email: optionalText(254),
  addressLine1: optionalText(120),
  addressLine2: optionalText(120),
  city: optionalText(80),
  state: optionalText(2),
  zipcode: optionalText(10),
  npi: optionalText(10),
  notes: optionalText(2000),
  active: z.boolean(),
});

export const createPracticeContact = defineCall('POST', '/practice/contacts', {
  body: practiceContactInput,
  response: { 200: dataOf(practiceContactDetail) },
});

export const updatePracticeContact = defineCall('PUT', '/practice/contacts/:contactId', {
  params: contactParams,
  body: practiceContactInput,
  response: { 200: dataOf(practiceContactDetail) },
});

import { z } from 'zod';
import { dataOf, optionalText, textSchema } from '../common.ts';
import { defineCall } from '../define.ts';

/**
 * Practice information (issue 16 item 8; spec-2 §7 POST practice/practiceInfo,
 * GET practice/defaultContactInformation): the practice's names, tax id,
 * organisation NPI, address, phone and time zone (the inactivity limit is
 * shown with it and saved by PUT /practice/settings). The navigation data,
 * statements and claims read it.
 */

export const practiceInfo = z.object({
  name: z.string(),
  legalName: z.string().nullable(),
  /** 'NN-NNNNNNN' when set. */
  tin: z.string().nullable(),
  npi: z.string().nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipcode: z.string().nullable(),
  phone: z.string().nullable(),
  timezone: z.string(),
  inactivityLockoutMinutes: z.number(),
});

export const getPracticeInfo = defineCall('GET', '/practice/practiceInfo', {
  response: { 200: dataOf(practiceInfo) },
});

export const savePracticeInfo = defineCall('POST', '/practice/practiceInfo', {
  body: z.object({
    name: textSchema(120, { min: 1 }),
    legalName: optionalText(160),
    tin: optionalText(12),
    npi: optionalText(10),
    addressLine1: optionalText(120),
    addressLine2: optionalText(120),
    city: optionalText(80),
    state: optionalText(2),
    zipcode: optionalText(10),
    phone: optionalText(30),
    timezone: z.string().min(1).max(64),
  }),
  response: { 200: dataOf(practiceInfo) },
});

/** What statements and letters print as the practice's contact block. */
export const defaultContactInformation = defineCall('GET', '/practice/defaultContactInformation', {
  response: {
    200: dataOf(
      z.object({
        name: z.string(),
        addressLine1: z.string().nullable(),
        addressLine2: z.string().nullable(),
        city: z.string().nullable(),
        state: z.string().nullable(),
        zipcode: z.string().nullable(),
        phone: z.string().nullable(),
      }),
    ),
  },
});

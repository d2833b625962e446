import { z } from 'zod';
import { bodyId, optionalText, requiredText, unchangedAnswer } from '../../common.ts';
import { defineCall } from '../../define.ts';

/*
 * A client's phones, emails, addresses and contacts (spec-2 §7). Saves insert
 * without an id and update with one; each answers the client's whole list (as
 * the server settled the defaults). Deletes answer the list under `data`.
 * Addresses keep the spec's `userId` for the client.
 */

export const phone = z.object({
  phoneId: z.number(),
  /** 10 digits as stored. */
  contact: z.string(),
  label: z.string().nullable(),
  isDefault: z.boolean(),
});

export const email = z.object({
  emailId: z.number(),
  contact: z.string(),
  isDefault: z.boolean(),
});

export const address = z.object({
  addressId: z.number(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  /** Digits only: 5 or 9. */
  zipcode: z.string(),
  isDefault: z.boolean(),
  isMailing: z.boolean(),
});

/** Default and mailing addresses (one row may be both), and the others. */
export const addresses = z.object({
  defaultAddress: address.nullable(),
  mailingAddress: address.nullable(),
  otherAddresses: z.array(address),
});

export const clientContact = z.object({
  contactId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  relationship: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  isEmergencyContact: z.boolean(),
  type: z.literal('patient_contact'),
});

const savedOr = <T extends z.ZodRawShape>(shape: T) =>
  z.union([unchangedAnswer, z.object({ status: z.literal('saved'), ...shape })]);
const deleted = <T extends z.ZodType>(list: T) =>
  z.object({ status: z.literal('deleted'), data: list });

export const savePhone = defineCall('POST', '/patient/savePhone', {
  body: z.object({
    patientId: bodyId,
    phoneId: bodyId.optional(),
    contact: requiredText(30),
    label: optionalText(30),
    isDefault: z.boolean().optional(),
  }),
  response: { 200: savedOr({ phoneId: z.number(), phones: z.array(phone) }) },
});

export const saveEmail = defineCall('POST', '/patient/saveEmail', {
  body: z.object({
    patientId: bodyId,
    emailId: bodyId.optional(),
    contact: requiredText(254),
    isDefault: z.boolean().optional(),
  }),
  response: { 200: savedOr({ emailId: z.number(), emails: z.array(email) }) },
});

export const saveAddress = defineCall('POST', '/patient/saveAddress', {
  body: z.object({
    userId: bodyId,
    addressId: bodyId.optional(),
    addressLine1: requiredText(100),
    addressLine2: optionalText(100),
    city: requiredText(60),
    state: requiredText(20),
    zipcode: requiredText(10),
    isDefault: z.boolean().optional(),
    isMailing: z.boolean().optional(),
  }),
  response: { 200: savedOr({ addressId: z.number(), addresses }) },
});

export const saveContact = defineCall('POST', '/patient/saveContact', {
  body: z.object({
    patientId: bodyId,
    contactId: bodyId.optional(),
    firstName: requiredText(50),
    lastName: requiredText(50),
    relationship: optionalText(50),
    phone: optionalText(30),
    email: optionalText(254),
    isEmergencyContact: z.boolean().optional(),
  }),
  response: { 200: savedOr({ contactId: z.number(), contacts: z.array(clientContact) }) },
});

export const deletePhone = defineCall('POST', '/patient/deletePhone', {
  body: z.object({ phoneId: bodyId, patientId: bodyId }),
  response: { 200: deleted(z.array(phone)) },
});

export const deleteEmail = defineCall('POST', '/patient/deleteEmail', {
  body: z.object({ emailId: bodyId, patientId: bodyId }),
  response: { 200: deleted(z.array(email)) },
});

export const deleteAddress = defineCall('POST', '/patient/deleteAddress', {
  body: z.object({ addressId: bodyId, userId: bodyId }),
  response: { 200: deleted(addresses) },
});

export const deleteContact = defineCall('POST', '/patient/deleteContact', {
  body: z.object({ contactId: bodyId, patientId: bodyId }),
  response: { 200: deleted(z.array(clientContact)) },
});

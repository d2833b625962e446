import { z } from 'zod';
import { bodyId, optionalText, patientQuery, queryId, unchangedAnswer } from '../../common.ts';
import { defineCall } from '../../define.ts';

/** A client's basic details, demographics, time zone, therapists, header and access flags. */

export const basicDetails = z.object({
  firstName: z.string(),
  nickName: z.string().nullable(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  gender: z.string().nullable(),
  claimGender: z.string().nullable(),
  /** ISO date; null also when the caller may not see it. */
  dob: z.string().nullable(),
  maritalStatus: z.string().nullable(),
  employer: z.string().nullable(),
  employmentType: z.string().nullable(),
  /** The account number as shown ('C000001002'). */
  userNumber: z.string(),
});

/** One of the client's therapists with the client's status for them, primary first. */
export const clientTherapist = z.object({
  therapistId: z.number(),
  userId: z.number().nullable(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  credentials: z.string().nullable(),
  active: z.boolean(),
  isPrimary: z.boolean(),
  status: z.string(),
});

/** The caller's access flags for one client (spec-2 §3 patientAccess). */
export const profileAccess = z.object({
  hasDemographicAccess: z.boolean(),
  hasBillingAccess: z.boolean(),
  hasPaymentAccess: z.boolean(),
  hasMessagingAccess: z.boolean(),
  hasSchedulingAccess: z.boolean(),
  hasRecordAdministration: z.boolean(),
});

/** The client's answers for the fields the practice collects; unanswered ones are null. */
export const demographics = z.record(z.string(), z.string().nullable());

/**
 * What would stop a permanent deletion. Areas that do not exist yet (charts,
 * events, attachments, documents, signed forms, invoices) count 0.
 */
export const deletableCounts = z.object({
  charts: z.number(),
  events: z.number(),
  attachments: z.number(),
  signedDocuments: z.number(),
  signedForms: z.number(),
  groupMemberships: z.number(),
  invoices: z.number(),
  isDeletable: z.boolean(),
});

export const findPatientAccess = defineCall('GET', '/patient/findPatientAccess', {
  querystring: patientQuery,
  response: { 200: z.object({ patientAccess: profileAccess.extend({ canView: z.boolean() }) }) },
});

/** The profile header: who this is, how to reach them, and the alert. */
export const getSummary = defineCall('GET', '/patient/getSummary', {
  querystring: patientQuery,
  response: {
    200: z.object({
      patientId: z.number(),
      isGroup: z.boolean(),
      firstName: z.string(),
      nickName: z.string().nullable(),
      lastName: z.string(),
      fullName: z.string(),
      legalName: z.string(),
      userNumber: z.string(),
      dob: z.string().nullable(),
      age: z.number().nullable(),
      alert: z.string().nullable(),
      timezone: z.string().nullable(),
      isInactiveForAll: z.boolean(),
      therapists: z.array(clientTherapist),
      defaultPhone: z.string().nullable(),
      defaultEmail: z.string().nullable(),
    }),
  },
});

/** Absent fields are left alone; null or blank clears an optional one. */
export const updateUserDetails = defineCall('POST', '/patient/updateUserDetails', {
  body: z.object({
    patientId: bodyId,
    firstName: z.string().max(50).optional(),
    nickName: optionalText(50),
    middleName: optionalText(50),
    lastName: z.string().max(50).optional(),
    gender: optionalText(50),
    claimGender: optionalText(20),
    dob: optionalText(10),
    maritalStatus: optionalText(50),
    employer: optionalText(100),
    employmentType: optionalText(50),
  }),
  response: {
    200: z.union([unchangedAnswer, z.object({ status: z.literal('saved'), basicDetails })]),
  },
});

export const updatePatientDemographic = defineCall('POST', '/patient/updatePatientDemographic', {
  body: z.object({
    patientId: bodyId,
    demographics: z
      .array(z.object({ field: z.string().min(1).max(60), value: z.string().max(200).nullable() }))
      .max(50),
  }),
  response: {
    200: z.union([unchangedAnswer, z.object({ status: z.literal('saved'), demographics })]),
  },
});

/** The client's own time zone (a US zone from the list), or null for the practice's. */
export const setClientTimezone = defineCall('POST', '/patient/setClientTimezone', {
  body: z.object({ userId: bodyId, timezone: z.string().max(64).nullable() }),
  response: {
    200: z.union([
      unchangedAnswer,
      z.object({
        status: z.literal('saved'),
        clientSettings: z.object({ timezone: z.string().nullable() }),
      }),
    ]),
  },
});

export const listTherapists = defineCall('GET', '/patient/listTherapists', {
  querystring: z.object({
    patientId: queryId,
    onlyActiveTherapists: z.enum(['true', 'false']).optional(),
  }),
  response: { 200: z.object({ data: z.array(clientTherapist) }) },
});

/** There is no end-user licence agreement store yet, so no client has accepted one. */
export const getEula = defineCall('GET', '/patient/getEula', {
  querystring: patientQuery,
  response: { 200: z.object({ eula: z.null() }) },
});

export const profileDeletable = defineCall('GET', '/patient/profileDeletable', {
  querystring: patientQuery,
  response: { 200: deletableCounts },
});

/** No legacy system exists in this product, so a client never has legacy links. */
export const listLegacyLinks = defineCall('GET', '/patientLegacyLinked/listForPatient', {
  querystring: patientQuery,
  response: { 200: z.object({ data: z.array(z.never()) }) },
});

import { z } from 'zod';
import { bodyId, patientQuery, unchangedAnswer } from '../../common.ts';
import { defineCall } from '../../define.ts';

/**
 * Therapy groups (spec-2 §7 Groups). A group is a client record marked isGroup;
 * membership rows carry the day a client joined and left.
 */

export const practiceGroup = z.object({
  groupId: z.number(),
  name: z.string(),
  /** The group's account number, unformatted. */
  userNumber: z.number(),
  activeMembers: z.number(),
});

export const groupMembership = z.object({
  groupId: z.number(),
  name: z.string(),
  /** ISO dates. */
  joinedOn: z.string(),
  leftOn: z.string().nullable(),
});

/** The practice's groups by name with member counts (deleted groups left out). */
export const listAllGroups = defineCall('GET', '/patientGroup/listAllGroups', {
  response: { 200: z.object({ data: z.array(practiceGroup) }) },
});

export const listPatientGroups = defineCall('GET', '/patientGroup/listPatientGroups', {
  querystring: patientQuery,
  response: { 200: z.object({ data: z.array(groupMembership) }) },
});

/** `referenceDate` is the day (ISO) the client joins or leaves. */
const membershipBody = z.object({
  patientId: bodyId,
  groupId: bodyId,
  referenceDate: z.string().max(10),
});

const membershipChanged = z.union([
  unchangedAnswer,
  z.object({ status: z.literal('saved'), data: z.array(groupMembership) }),
]);

export const addToGroup = defineCall('POST', '/patientGroup/addToGroup', {
  body: membershipBody,
  response: { 200: membershipChanged },
});

export const removeFromGroup = defineCall('POST', '/patientGroup/removeFromGroup', {
  body: membershipBody,
  response: { 200: membershipChanged },
});

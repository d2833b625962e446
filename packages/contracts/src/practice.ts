import { INACTIVITY_LOCKOUT_MAX_MINUTES } from '@openpractice/domain';
import { z } from 'zod';
import { dataOf } from './common.ts';
import { defineCall } from './define.ts';

/** Practice reference lists and settings, always the caller's own practice. */

const includeInactive = z.object({ includeInactive: z.enum(['true', 'false']).optional() });

export const therapistListItem = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  active: z.boolean(),
  practitionerFirstName: z.string(),
  practitionerLastName: z.string(),
  credentials: z.string().nullable(),
});

export const listTherapists = defineCall('GET', '/practice/listTherapists', {
  querystring: includeInactive,
  response: { 200: dataOf(z.array(therapistListItem)) },
});

export const practiceLocation = z.object({
  practiceLocationId: z.number(),
  name: z.string(),
  color: z.string().nullable(),
  addressLine1: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipcode: z.string().nullable(),
  isDefault: z.boolean(),
  active: z.boolean(),
});

export const listPracticeLocations = defineCall('GET', '/practice/listPracticeLocations', {
  response: { 200: dataOf(z.array(practiceLocation)) },
});

export const serviceLocation = z.object({
  id: z.number(),
  name: z.string(),
  placeOfServiceCode: z.string(),
  practiceLocationId: z.number().nullable(),
  active: z.boolean(),
});

export const listPracticeServiceLocations = defineCall(
  'GET',
  '/practice/listPracticeServiceLocations',
  { response: { 200: dataOf(z.array(serviceLocation)) } },
);

export const practiceSettings = z.object({
  practiceName: z.string(),
  timezone: z.string(),
  inactivityLockoutMinutes: z.number(),
  features: z.record(z.string(), z.unknown()),
});

export const listPracticeSettings = defineCall('GET', '/practice/listPracticeSettings', {
  response: { 200: dataOf(practiceSettings) },
});

export const updatePracticeSettings = defineCall('PUT', '/practice/settings', {
  body: z.object({
    /** 0 turns the inactivity lock off; at most a working day. */
    inactivityLockoutMinutes: z.number().int().min(0).max(INACTIVITY_LOCKOUT_MAX_MINUTES),
  }),
  response: { 200: dataOf(practiceSettings) },
});

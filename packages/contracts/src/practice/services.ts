import { z } from 'zod';
import { dataOf, idSchema, textSchema, wholeNumberSchema } from '../common.ts';
import { defineCall } from '../define.ts';

/**
 * The practice's services and fees (issue 16 item 3): services (CPT code, description,
 * duration, default fee in cents), a fee schedule per payer, and which therapists offer
 * which services. Owners and managers only. Money is whole cents.
 */

export const managedService = z.object({
  productId: z.number(),
  cptCode: z.string(),
  description: z.string(),
  durationMinutes: z.number(),
  /** The default fee, whole cents. */
  feeCents: z.number(),
  isTelehealth: z.boolean(),
  /** A group session's service. */
  isGroup: z.boolean(),
  /** The practice's default service (spec-1 §3 default_product). */
  isDefault: z.boolean(),
  active: z.boolean(),
});

export const listServices = defineCall('GET', '/practice/services', {
  querystring: z.object({ includeInactive: z.enum(['true', 'false']).optional() }),
  response: { 200: dataOf(z.array(managedService)) },
});

/** No id adds a service (201); an id edits it (200). A second active service with a CPT code is a 409. */
export const saveService = defineCall('POST', '/practice/services/save', {
  body: z.object({
    productId: idSchema.optional(),
    cptCode: textSchema(5, { min: 1 }),
    description: textSchema(100, { min: 1 }),
    durationMinutes: wholeNumberSchema(1, 24 * 60),
    feeCents: wholeNumberSchema(0, 100_000_000),
    isTelehealth: z.boolean(),
    isGroup: z.boolean(),
    isDefault: z.boolean(),
  }),
  response: { 200: dataOf(managedService), 201: dataOf(managedService) },
});

export const setServiceActive = defineCall('POST', '/practice/services/setActive', {
  body: z.object({ productId: idSchema, active: z.boolean() }),
  response: { 200: dataOf(managedService) },
});

/** Every payer of the practice and the fees scheduled for it (a missing fee: the default). */
export const listFeeSchedules = defineCall('GET', '/practice/services/fees', {
  response: {
    200: dataOf(
      z.object({
        payers: z.array(
          z.object({ practice_insurance_id: z.number(), label: z.string(), active: z.boolean() }),
        ),
        fees: z.array(
          z.object({
            practice_insurance_id: z.number(),
            productId: z.number(),
            feeCents: z.number(),
          }),
        ),
      }),
    ),
  },
});

/** Sets one payer's fees: a number schedules it, null goes back to the default fee. */
export const saveFeeSchedule = defineCall('PUT', '/practice/services/fees', {
  body: z.object({
    practice_insurance_id: idSchema,
    fees: z
      .array(
        z.object({ productId: idSchema, feeCents: wholeNumberSchema(0, 100_000_000).nullable() }),
      )
      .max(500),
  }),
  response: { 200: dataOf(z.object({ changed: z.number() })) },
});

/** The practice's active therapists and the services each offers ([]: not set, all offered). */
export const listOfferings = defineCall('GET', '/practice/services/offerings', {
  response: {
    200: dataOf(
      z.array(
        z.object({ therapistId: z.number(), name: z.string(), productIds: z.array(z.number()) }),
      ),
    ),
  },
});

/** Sets which services a therapist offers; [] means all of the practice's. */
export const saveOfferings = defineCall('PUT', '/practice/services/offerings', {
  body: z.object({ therapistId: idSchema, productIds: z.array(idSchema).max(500) }),
  response: { 200: dataOf(z.object({ therapistId: z.number(), productIds: z.array(z.number()) })) },
});

import { MEASURE_FREQUENCIES } from '@openpractice/domain';
import { z } from 'zod';
import { dataOf, idParamSchema, timestamp } from '../common.ts';
import { defineCall } from '../define.ts';

/**
 * Measurement-based care (issue 18 item 6): a client's PHQ-9 and GAD-7 scores over time for
 * the Measures chart (severity bands, response and remission marked), their measure
 * schedules, and the self-harm alerts of the caller's clients.
 */
const measure = z.enum(['phq9', 'gad7']);
const patientParams = z.object({ patientId: idParamSchema });

export const scorePoint = z.object({
  assignmentId: z.number(),
  scoredAt: timestamp,
  complete: z.boolean(),
  total: z.number().nullable(),
  severity: z.string().nullable(),
  selfHarmAlert: z.boolean(),
});

export const measureHistory = z.object({
  measure,
  name: z.string(),
  loinc: z.string(),
  /** Severity bands for the chart's background: each from its score upwards. */
  bands: z.array(z.object({ from: z.number(), label: z.string() })),
  maximum: z.number(),
  points: z.array(scorePoint),
  /** Against the first complete score: a drop of half or more, and the latest under 5. */
  response: z.boolean(),
  remission: z.boolean(),
});

export const clientMeasures = defineCall('GET', '/measures/clients/:patientId/history', {
  params: patientParams,
  response: { 200: dataOf(z.array(measureHistory)) },
});

export const measureSchedule = z.object({
  measure,
  frequency: z.enum(MEASURE_FREQUENCIES),
  active: z.boolean(),
  timesGiven: z.number(),
  updatedAt: timestamp,
});

export const clientSchedules = defineCall('GET', '/measures/clients/:patientId/schedules', {
  params: patientParams,
  response: { 200: dataOf(z.array(measureSchedule)) },
});

export const saveSchedule = defineCall('PUT', '/measures/clients/:patientId/schedules/:measure', {
  params: z.object({ patientId: idParamSchema, measure }),
  body: z.strictObject({ frequency: z.enum(MEASURE_FREQUENCIES), active: z.boolean() }),
  response: { 200: dataOf(measureSchedule) },
});

export const measureAlert = z.object({
  id: z.number(),
  patientId: z.number(),
  clientName: z.string(),
  createdAt: timestamp,
  assignmentId: z.number(),
  acknowledgedAt: timestamp.nullable(),
});

/** The caller's clients' alerts not yet acknowledged (for the dashboard). */
export const myMeasureAlerts = defineCall('GET', '/measures/alerts', {
  response: { 200: dataOf(z.array(measureAlert)) },
});

export const acknowledgeAlert = defineCall('POST', '/measures/alerts/:id/acknowledge', {
  params: z.object({ id: idParamSchema }),
  response: { 200: dataOf(measureAlert) },
});

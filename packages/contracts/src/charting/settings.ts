import { z } from 'zod';
import { dataOf } from '../common.ts';
import { defineCall } from '../define.ts';

/** The practice's charting settings (issue 17 items 2 and 6), for managers. */
export const chartingSettings = z.object({
  signedNoteRequiredForBilling: z.boolean(),
  noteUnlockPolicy: z.enum(['never', 'within', 'any']),
  noteUnlockHours: z.number().int().min(1).max(8760),
});

export const getChartingSettings = defineCall('GET', '/charting/settings', {
  response: { 200: dataOf(chartingSettings) },
});

export const saveChartingSettings = defineCall('PUT', '/charting/settings', {
  body: chartingSettings,
  response: { 200: dataOf(chartingSettings) },
});

import {
  DEMOGRAPHIC_CHOICES_MAX,
  DEMOGRAPHIC_FIELD_TYPES,
  DEMOGRAPHIC_VALUES,
} from '@openpractice/domain';
import { z } from 'zod';
import { unchangedAnswer } from '../common.ts';
import { defineCall } from '../define.ts';

/**
 * Which demographic fields the practice collects (spec-2 §3: a map keyed by
 * setting name with label and value; OFF means disabled). Issue 16 adds
 * REQUIRED, each field's answer type and the practice's own custom fields.
 */

export const DEMOGRAPHIC_OFF = 'OFF';
export const DEMOGRAPHIC_SETTING_VALUES = DEMOGRAPHIC_VALUES;

export const demographicFieldType = z.enum(DEMOGRAPHIC_FIELD_TYPES);

/** The practice's demographic fields, keyed by name, in the practice's order. */
export const demographicSettings = z.record(
  z.string(),
  z.object({
    label: z.string(),
    /** 'OFF': not collected; 'ON': collected; 'REQUIRED': must be answered. */
    value: z.enum(DEMOGRAPHIC_VALUES),
    type: demographicFieldType,
    /** Choice fields only. */
    options: z.array(z.string()),
    /** Added by the practice (custom fields can be turned off, never deleted). */
    custom: z.boolean(),
  }),
);

export const getPracticeDemographicSetting = defineCall(
  'GET',
  '/setting/getPracticeDemographicSetting',
  { response: { 200: z.object({ data: demographicSettings }) } },
);

/**
 * The map to keep. Fields left out stay as they are; a new name of the form
 * custom_xxx adds a custom field (label and type required); a standard
 * field's type cannot change.
 */
export const savePracticeDemographicSetting = defineCall(
  'POST',
  '/setting/savePracticeDemographicSetting',
  {
    body: z.object({
      settings: z.record(
        z.string().min(1).max(60),
        z.object({
          label: z.string().max(100).optional(),
          value: z.enum(DEMOGRAPHIC_VALUES),
          type: demographicFieldType.optional(),
          options: z
            .array(z.string().max(100))
            .max(DEMOGRAPHIC_CHOICES_MAX * 2)
            .optional(),
        }),
      ),
    }),
    response: {
      200: z.union([
        unchangedAnswer,
        z.object({ status: z.literal('saved'), data: demographicSettings }),
      ]),
    },
  },
);

export const enabledDemographic = z.object({
  name: z.string(),
  label: z.string(),
  type: demographicFieldType,
  options: z.array(z.string()),
  required: z.boolean(),
});

/** Registration's list (spec-2 §7): the fields collected, in order, with whether each is required. */
export const listEnabledPatientDemographics = defineCall(
  'GET',
  '/patientRegistration/listEnabledPatientDemographics',
  { response: { 200: z.object({ data: z.array(enabledDemographic) }) } },
);

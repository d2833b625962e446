import { z } from 'zod';
import { bodyId, dataOf, idParamSchema, timestamp } from '../common.ts';
import { defineCall } from '../define.ts';
import { questionnaire, questionnaireInput } from './questionnaire.ts';

/**
 * The practice's form definitions (`/n/form/definition…`, issue 18 item 1): a draft is edited
 * freely; publishing makes a new numbered version, which new assignments get; answers keep
 * the version they were given with. Locked forms (PHQ-9, GAD-7) are never edited.
 */

export const definitionSummary = z.object({
  id: z.number(),
  name: z.string(),
  active: z.boolean(),
  autoAssign: z.boolean(),
  locked: z.boolean(),
  libraryKey: z.string().nullable(),
  /** The newest published version; null while only a draft exists. */
  currentVersion: z.number().nullable(),
  hasDraft: z.boolean(),
  measure: z.enum(['phq9', 'gad7']).nullable(),
  signatureRequired: z.boolean(),
  updatedAt: timestamp,
});

export const definitionDetail = definitionSummary.extend({
  /** The current version's content (null before the first publish). */
  published: questionnaire.nullable(),
  draft: questionnaire.nullable(),
  versions: z.array(
    z.object({
      version: z.number(),
      publishedAt: timestamp,
      publishedBy: z.string().nullable(),
      /** How many assignments were given with it. */
      assignments: z.number(),
    }),
  ),
});

const idParams = z.object({ id: idParamSchema });

/** Every definition of the practice, drafts and inactive ones included (the builder's list). */
export const listDefinitions = defineCall('GET', '/form/definition', {
  response: { 200: dataOf(z.array(definitionSummary)) },
});

/** The forms that can be given to clients: active and published (`practiceList`). */
export const practiceList = defineCall('GET', '/form/definition/practiceList', {
  response: { 200: dataOf(z.array(definitionSummary)) },
});

/** Definitions the renderer cannot show, with why (`unsupported`). */
export const unsupportedDefinitions = defineCall('GET', '/form/definition/unsupported', {
  response: {
    200: dataOf(
      z.array(
        z.object({
          id: z.number(),
          name: z.string(),
          version: z.number().nullable(),
          reasons: z.array(z.string()),
        }),
      ),
    ),
  },
});

export const getDefinition = defineCall('GET', '/form/definition/:id', {
  params: idParams,
  querystring: z.object({ version: z.coerce.number().int().min(1).max(100_000).optional() }),
  response: {
    200: dataOf(
      definitionDetail.extend({
        shown: questionnaire.nullable(),
        shownVersion: z.number().nullable(),
      }),
    ),
  },
});

/** A new form: its first draft. */
export const createDefinition = defineCall('POST', '/form/definition', {
  body: z.strictObject({
    questionnaire: questionnaireInput,
    autoAssign: z.boolean().default(false),
  }),
  response: { 201: dataOf(definitionDetail) },
});

/** Saves the draft (refused on a locked form). */
export const saveDraft = defineCall('PUT', '/form/definition/:id/draft', {
  params: idParams,
  body: z.strictObject({ questionnaire: questionnaireInput }),
  response: { 200: dataOf(definitionDetail) },
});

/** Publishes the draft as the next version; the form's name becomes the draft's title. */
export const publishDefinition = defineCall('POST', '/form/definition/:id/publish', {
  params: idParams,
  response: { 200: dataOf(definitionDetail) },
});

/** Whether the form can be given, and whether new clients get it. */
export const definitionSettings = defineCall('PUT', '/form/definition/:id/settings', {
  params: idParams,
  body: z.strictObject({ active: z.boolean(), autoAssign: z.boolean() }),
  response: { 200: dataOf(definitionDetail) },
});

export const libraryEntry = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.enum(['intake', 'consent', 'measure']),
  locked: z.boolean(),
  autoAssign: z.boolean(),
  /** For the preview. */
  questionnaire,
  /** The practice's definition made from it, when it was added. */
  addedDefinitionId: z.number().nullable(),
});

/** The library of ready-made forms (`/guide/list`). */
export const listLibrary = defineCall('GET', '/guide/list', {
  response: { 200: dataOf(z.array(libraryEntry)) },
});

/** Adds a library form to the practice in one step: created and published as version 1. */
export const addLibraryForm = defineCall('POST', '/guide/form', {
  body: z.strictObject({ key: z.string().min(1).max(60) }),
  response: { 201: dataOf(definitionDetail) },
});

export const definitionIdBody = z.object({ formDefinitionId: bodyId });

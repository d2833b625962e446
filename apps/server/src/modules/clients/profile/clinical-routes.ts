import { max } from '@openpractice/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import type { AccidentInformation } from '../../../db/schema/clients.ts';
import { clientDiagnoses, clients, icd10Codes } from '../../../db/schema/index.ts';
import { badRequest } from '../../../platform/errors.ts';
import { gateOf, noteAudit } from '../../../platform/route-audit.ts';
import * as contract from '@openpractice/contracts/clients/profile/clinical';
import {
  check,
  cleanText,
  isoDateField,
  pastDateBounds,
  sameValue,
  UNCHANGED,
} from '../../../platform/validation.ts';
import { clinicalOf, loadClientRow, loadDiagnoses } from './profile-queries.ts';

export const ICD10_SEARCH_LIMIT = 20;

/** The accident flags in one key order, so stored and sent values compare equal. */
function accidentOf(
  input: z.infer<typeof contract.accidentBody> | null | undefined,
): AccidentInformation | null {
  if (!input) return null;
  const state = cleanText(input.accidentCauseState)?.toUpperCase() ?? null;
  if (state !== null && !/^[A-Z]{2}$/.test(state)) {
    throw badRequest(
      'Please enter a two-letter state code, e.g. ME.',
      'accidentInformation.accidentCauseState',
    );
  }
  if (input.accidentCauseDriving && state === null) {
    throw badRequest(
      'Name the state where the auto accident happened.',
      'accidentInformation.accidentCauseState',
    );
  }
  return {
    accidentCauseEmployment: input.accidentCauseEmployment,
    accidentCauseDriving: input.accidentCauseDriving,
    accidentCauseOther: input.accidentCauseOther,
    accidentCauseState: state,
  };
}

/** The diagnosis codes as entered, upper-cased; each must be a known ICD-10 code, once. */
async function diagnosisCodesOf(db: Db, entered: string[]): Promise<string[]> {
  const codes = entered.map((c) => c.trim().toUpperCase());
  const duplicate = codes.find((c, i) => codes.indexOf(c) !== i);
  if (duplicate) throw badRequest(`${duplicate} is listed twice.`, 'diagnosisCode');
  if (codes.length > 0) {
    const known = await db
      .select({ code: icd10Codes.code })
      .from(icd10Codes)
      .where(inArray(icd10Codes.code, codes));
    const knownSet = new Set(known.map((k) => k.code));
    const unknown = codes.find((c) => !knownSet.has(c));
    if (unknown) throw badRequest(`${unknown} is not a known ICD-10 code.`, 'diagnosisCode');
  }
  return codes;
}

/** Clinical information: diagnoses, onset, accident. */
export const clinicalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.getClinicalInformation.path,
    {
      config: {
        access: 'practice',
        audit: {
          action: 'client.profile_read',
          client: { query: 'patientId', need: 'hasDemographicAccess' },
          detail: () => ({ view: 'clinical' }),
        },
      },
      schema: contract.getClinicalInformation.schema,
    },
    async (request) => {
      const gate = gateOf(request);
      const row = await loadClientRow(app.db, gate.clientId);
      return clinicalOf(row, await loadDiagnoses(app.db, gate.clientId));
    },
  );

  app.post(
    contract.updateClinicalInformation.path,
    {
      config: {
        access: 'practice',
        audit: {
          action: 'client.clinical_changed',
          client: { body: 'patientId', need: 'hasDemographicAccess' },
        },
      },
      schema: contract.updateClinicalInformation.schema,
    },
    async (request) => {
      const body = request.body;
      const gate = gateOf(request);
      const codes = await diagnosisCodesOf(app.db, body.diagnosisCode);
      const onset = isoDateField(
        body.illnessOnsetDate,
        'illnessOnsetDate',
        ...pastDateBounds(app.now()),
      );
      const accident =
        body.accidentInformation === undefined ? undefined : accidentOf(body.accidentInformation);

      const row = await loadClientRow(app.db, gate.clientId);
      const before = clinicalOf(row, await loadDiagnoses(app.db, gate.clientId));
      const fields = [
        ...(sameValue(before.diagnosisCode, codes) ? [] : ['diagnosisCode']),
        ...(onset === undefined || sameValue(before.illnessOnsetDate, onset)
          ? []
          : ['illnessOnsetDate']),
        ...(accident === undefined || sameValue(before.accidentInformation, accident)
          ? []
          : ['accidentInformation']),
      ];
      noteAudit(request, { detail: { fields } });
      if (fields.length === 0) return UNCHANGED;

      // The request's transaction holds the diagnoses, the record and the audit row together.
      if (fields.includes('diagnosisCode')) {
        await app.db.delete(clientDiagnoses).where(eq(clientDiagnoses.clientId, gate.clientId));
        if (codes.length > 0) {
          await app.db
            .insert(clientDiagnoses)
            .values(codes.map((code, position) => ({ clientId: gate.clientId, code, position })));
        }
      }
      await app.db
        .update(clients)
        .set({
          ...(onset === undefined ? {} : { illnessOnsetDate: onset }),
          ...(accident === undefined ? {} : { accidentInformation: accident }),
          updatedAt: app.now(),
        })
        .where(eq(clients.id, gate.clientId));
      const after = await loadClientRow(app.db, gate.clientId);
      return {
        status: 'saved' as const,
        ...clinicalOf(after, await loadDiagnoses(app.db, gate.clientId)),
      };
    },
  );
};

/** The ICD-10 code search: by code prefix, then by (fuzzy) words of the description. */
export const icd10Routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.searchIcd10.path,
    {
      // Reference data: no client's record is read.
      config: { access: 'practice', audit: 'none' },
      schema: contract.searchIcd10.schema,
    },
    async (request) => {
      const q = request.query.q.trim();
      check('q', q, max(100));
      if (q === '') return { data: [] };
      const lower = q.toLowerCase();
      const pattern = `%${lower.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const codePrefix = `${q.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const data = await app.db
        .select({ code: icd10Codes.code, description: icd10Codes.description })
        .from(icd10Codes)
        .where(
          sql`${icd10Codes.code} like ${codePrefix} or lower(${icd10Codes.description}) like ${pattern} or ${lower} <% lower(${icd10Codes.description})`,
        )
        .orderBy(
          sql`${icd10Codes.code} = ${q.toUpperCase()} desc`,
          sql`${icd10Codes.code} like ${codePrefix} desc`,
          sql`word_similarity(${lower}, lower(${icd10Codes.description})) desc`,
          icd10Codes.code,
        )
        .limit(ICD10_SEARCH_LIMIT);
      return { data };
    },
  );
};

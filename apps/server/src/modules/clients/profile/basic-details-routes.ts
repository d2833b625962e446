import { canonicalTimezone, demographicAnswerMessage } from '@openpractice/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clients } from '../../../db/schema/index.ts';
import { gateOf, noteAudit } from '../../../platform/route-audit.ts';
import { badRequest } from '../../../platform/errors.ts';
import { DEMOGRAPHIC_OFF } from '@openpractice/contracts/clients/profile/demographic-settings';
import * as contract from '@openpractice/contracts/clients/profile/details';
import {
  changedFields,
  cleanText,
  isoDateField,
  pastDateBounds,
  requireText,
  UNCHANGED,
} from '../../../platform/validation.ts';
import {
  basicDetailsOf,
  demographicsOf,
  loadClientRow,
  loadDemographicSettings,
  type BasicDetails,
} from './profile-queries.ts';

/** Changing a client's basic details and time zone (the profile's "Basic details" card). */
export const basicDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    contract.updateUserDetails.path,
    {
      config: {
        access: 'practice',
        audit: {
          action: 'client.basic_details_changed',
          client: { body: 'patientId', need: 'hasDemographicAccess' },
        },
      },
      schema: contract.updateUserDetails.schema,
    },
    async (request) => {
      const body = request.body;
      const gate = gateOf(request);
      const row = await loadClientRow(app.db, gate.clientId);
      const next: Partial<BasicDetails> = {
        firstName:
          body.firstName === undefined ? undefined : requireText(body.firstName, 'firstName'),
        lastName: body.lastName === undefined ? undefined : requireText(body.lastName, 'lastName'),
        nickName: cleanText(body.nickName),
        middleName: cleanText(body.middleName),
        gender: cleanText(body.gender),
        claimGender: cleanText(body.claimGender),
        dob: isoDateField(body.dob, 'dob', ...pastDateBounds(app.now())),
        maritalStatus: cleanText(body.maritalStatus),
        employer: cleanText(body.employer),
        employmentType: cleanText(body.employmentType),
      };
      const before: BasicDetails = basicDetailsOf(row);
      const fields = changedFields(before, next);
      noteAudit(request, { detail: { fields } });
      if (fields.length === 0) return UNCHANGED;
      const update = Object.fromEntries(fields.map((f) => [f, next[f] ?? null]));
      await app.db
        .update(clients)
        .set({ ...update, updatedAt: app.now() })
        .where(eq(clients.id, gate.clientId));
      return {
        status: 'saved' as const,
        basicDetails: basicDetailsOf(await loadClientRow(app.db, gate.clientId)),
      };
    },
  );

  app.post(
    contract.setClientTimezone.path,
    {
      config: {
        access: 'practice',
        audit: {
          action: 'client.timezone_changed',
          client: { body: 'userId', need: 'hasDemographicAccess' },
          detail: () => ({ fields: ['timezone'] }),
        },
      },
      schema: contract.setClientTimezone.schema,
    },
    async (request) => {
      const gate = gateOf(request);
      const wanted = cleanText(request.body.timezone) ?? null;
      const timezone = wanted === null ? null : canonicalTimezone(wanted);
      if (wanted !== null && timezone === null) {
        throw badRequest('Choose a US time zone from the list.', 'timezone');
      }
      const row = await loadClientRow(app.db, gate.clientId);
      if (row.timezone === timezone) return UNCHANGED;
      await app.db
        .update(clients)
        .set({ timezone, updatedAt: app.now() })
        .where(eq(clients.id, gate.clientId));
      return { status: 'saved' as const, clientSettings: { timezone } };
    },
  );
};

/** Changing a client's answers to the practice's demographic questions. */
export const demographicsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    contract.updatePatientDemographic.path,
    {
      config: {
        access: 'practice',
        audit: {
          action: 'client.demographics_changed',
          client: { body: 'patientId', need: 'hasDemographicAccess' },
        },
      },
      schema: contract.updatePatientDemographic.schema,
    },
    async (request) => {
      const gate = gateOf(request);
      const settings = await loadDemographicSettings(app.db, gate.practiceId);
      const row = await loadClientRow(app.db, gate.clientId);
      const next: Record<string, string | null> = { ...row.demographics };
      for (const { field, value } of request.body.demographics) {
        const setting = settings[field];
        if (!setting) {
          throw badRequest(
            `'${field}' is not a demographic field of this practice.`,
            'demographics',
          );
        }
        if (setting.value === DEMOGRAPHIC_OFF) {
          throw badRequest(
            `${setting.label} is turned off in the practice's demographic settings.`,
            'demographics',
          );
        }
        const answer = cleanText(value) ?? null;
        // Its type and, once required, that it stays answered (the practice's settings).
        const fits = demographicAnswerMessage(setting, answer);
        if (fits !== true) throw badRequest(fits, 'demographics');
        next[field] = answer;
      }
      const fields = changedFields(row.demographics, next);
      noteAudit(request, { detail: { fields } });
      if (fields.length === 0) return UNCHANGED;
      await app.db
        .update(clients)
        .set({ demographics: next, updatedAt: app.now() })
        .where(eq(clients.id, gate.clientId));
      return { status: 'saved' as const, demographics: demographicsOf(next, settings) };
    },
  );
};

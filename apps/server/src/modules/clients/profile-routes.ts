import { canonicalTimezone } from '@openpractice/domain';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clients } from '../../db/schema/index.ts';
import { authOf } from '../../platform/access.ts';
import { gateOf, noteAudit } from '../../platform/route-audit.ts';
import { badRequest } from '../../platform/errors.ts';
import {
  bodyId,
  changedFields,
  cleanText,
  isoDateField,
  optionalText,
  pastDateBounds,
  patientQuery,
  queryId,
  requireText,
  UNCHANGED,
} from './profile-schemas.ts';
import {
  basicDetailsOf,
  demographicsOf,
  DEMOGRAPHIC_OFF,
  loadClientRow,
  loadDeletableCounts,
  loadDemographicSettings,
  loadTherapistStatuses,
  type BasicDetails,
} from './profile-queries.ts';
import {
  buildProfile,
  buildSummary,
  LATER_INCLUDES,
  PROFILE_INCLUDES,
  therapistOf,
} from './profile-service.ts';

const KNOWN_INCLUDES = new Set<string>([...PROFILE_INCLUDES, ...LATER_INCLUDES]);

const basicDetailsBody = z.object({
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
});

const demographicBody = z.object({
  patientId: bodyId,
  demographics: z
    .array(z.object({ field: z.string().min(1).max(60), value: z.string().max(200).nullable() }))
    .max(50),
});

/** The client profile: the whole record in one read, basic details, demographics, time zone, therapists. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (request: FastifyRequest) => ({
    db: app.db,
    storage: app.storage,
    now: app.now(),
    authorities: authOf(request).user.authorities,
  });

  app.get(
    '/patient/getProfile',
    {
      config: {
        access: 'practice',
        audit: { action: 'client.profile_read', client: { query: 'patientId' } },
      },
      schema: { querystring: patientQuery.extend({ include: z.string().max(600).optional() }) },
    },
    async (request) => {
      const includes = new Set(
        (request.query.include ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== ''),
      );
      for (const include of includes) {
        if (!KNOWN_INCLUDES.has(include)) {
          throw badRequest(`There is no profile part called '${include}'.`, 'include');
        }
      }
      const { profile, answered } = await buildProfile(ctx(request), gateOf(request), includes);
      noteAudit(request, { detail: { view: 'profile', include: answered } });
      return profile;
    },
  );

  /** The caller's access flags for one client (spec-2 §3 patientAccess). Reads no record. */
  app.get(
    '/patient/findPatientAccess',
    {
      config: {
        access: 'practice',
        audit: {
          action: 'client.access_checked',
          client: { query: 'patientId' },
          detail: () => ({ view: 'patientAccess' }),
        },
      },
      schema: { querystring: patientQuery },
    },
    async (request) => ({ patientAccess: gateOf(request).access }),
  );

  app.get(
    '/patient/getSummary',
    {
      config: {
        access: 'practice',
        audit: {
          action: 'client.profile_read',
          client: { query: 'patientId' },
          detail: () => ({ view: 'summary' }),
        },
      },
      schema: { querystring: patientQuery },
    },
    async (request) => buildSummary(ctx(request), gateOf(request)),
  );

  app.post(
    '/patient/updateUserDetails',
    {
      config: {
        access: 'practice',
        audit: {
          action: 'client.basic_details_changed',
          client: { body: 'patientId', need: 'hasDemographicAccess' },
        },
      },
      schema: { body: basicDetailsBody },
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
    '/patient/updatePatientDemographic',
    {
      config: {
        access: 'practice',
        audit: {
          action: 'client.demographics_changed',
          client: { body: 'patientId', need: 'hasDemographicAccess' },
        },
      },
      schema: { body: demographicBody },
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
        next[field] = cleanText(value) ?? null;
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

  app.post(
    '/patient/setClientTimezone',
    {
      config: {
        access: 'practice',
        audit: {
          action: 'client.timezone_changed',
          client: { body: 'userId', need: 'hasDemographicAccess' },
          detail: () => ({ fields: ['timezone'] }),
        },
      },
      schema: { body: z.object({ userId: bodyId, timezone: z.string().max(64).nullable() }) },
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

  app.get(
    '/patient/listTherapists',
    {
      config: {
        access: 'practice',
        audit: {
          action: 'client.profile_read',
          client: { query: 'patientId' },
          detail: () => ({ view: 'therapists' }),
        },
      },
      schema: {
        querystring: z.object({
          patientId: queryId,
          onlyActiveTherapists: z.enum(['true', 'false']).optional(),
        }),
      },
    },
    async (request) => {
      const onlyActive = request.query.onlyActiveTherapists === 'true';
      const statuses = await loadTherapistStatuses(app.db, gateOf(request).clientId);
      return { data: statuses.filter((t) => !onlyActive || t.active).map(therapistOf) };
    },
  );

  app.get(
    '/patient/getEula',
    {
      config: {
        access: 'practice',
        audit: {
          action: 'client.profile_read',
          client: { query: 'patientId' },
          detail: () => ({ view: 'eula' }),
        },
      },
      schema: { querystring: patientQuery },
    },
    // There is no end-user licence agreement store yet, so no client has accepted one.
    () => ({ eula: null }),
  );

  app.get(
    '/patient/profileDeletable',
    {
      config: {
        access: 'practice',
        audit: {
          action: 'client.profile_read',
          client: { query: 'patientId', need: 'hasRecordAdministration' },
          detail: () => ({ view: 'isPatientDeletable' }),
        },
      },
      schema: { querystring: patientQuery },
    },
    async (request) => loadDeletableCounts(app.db, gateOf(request).clientId),
  );

  app.get(
    '/patientLegacyLinked/listForPatient',
    {
      config: {
        access: 'practice',
        audit: {
          action: 'client.profile_read',
          client: { query: 'patientId' },
          detail: () => ({ view: 'legacyLinks' }),
        },
      },
      schema: { querystring: patientQuery },
    },
    // No legacy system exists in this product, so a client never has legacy links:
    // this empty list is the truth, not a placeholder. Nothing of the record is read.
    () => ({ data: [] }),
  );
};

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../../platform/access.ts';
import { gateOf, noteAudit } from '../../../platform/route-audit.ts';
import { badRequest } from '../../../platform/errors.ts';
import * as contract from '@openpractice/contracts/clients/profile/details';
import { getProfile } from '@openpractice/contracts/clients/profile/profile';
import { loadDeletableCounts, loadTherapistStatuses } from './profile-queries.ts';
import {
  buildProfile,
  buildSummary,
  LATER_INCLUDES,
  PROFILE_INCLUDES,
  therapistOf,
} from './profile-service.ts';

const KNOWN_INCLUDES = new Set<string>([...PROFILE_INCLUDES, ...LATER_INCLUDES]);

/** The client profile: the whole record in one read, the caller's access to it and its summary. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = (request: FastifyRequest) => ({
    db: app.db,
    storage: app.storage,
    now: app.now(),
    authorities: authOf(request).user.authorities,
  });

  app.get(
    getProfile.path,
    {
      config: {
        access: 'practice',
        audit: { action: 'client.profile_read', client: { query: 'patientId' } },
      },
      schema: getProfile.schema,
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
    contract.findPatientAccess.path,
    {
      config: {
        access: 'practice',
        audit: {
          action: 'client.access_checked',
          client: { query: 'patientId' },
          detail: () => ({ view: 'patientAccess' }),
        },
      },
      schema: contract.findPatientAccess.schema,
    },
    async (request) => ({ patientAccess: gateOf(request).access }),
  );

  app.get(
    contract.getSummary.path,
    {
      config: {
        access: 'practice',
        audit: {
          action: 'client.profile_read',
          client: { query: 'patientId' },
          detail: () => ({ view: 'summary' }),
        },
      },
      schema: contract.getSummary.schema,
    },
    async (request) => buildSummary(ctx(request), gateOf(request)),
  );
};

/** What the profile page asks about beside the record: therapists, licence agreement, whether the record may be deleted, legacy links. */
export const profileFactsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.listTherapists.path,
    {
      config: {
        access: 'practice',
        audit: {
          action: 'client.profile_read',
          client: { query: 'patientId' },
          detail: () => ({ view: 'therapists' }),
        },
      },
      schema: contract.listTherapists.schema,
    },
    async (request) => {
      const onlyActive = request.query.onlyActiveTherapists === 'true';
      const statuses = await loadTherapistStatuses(app.db, gateOf(request).clientId);
      return { data: statuses.filter((t) => !onlyActive || t.active).map(therapistOf) };
    },
  );

  app.get(
    contract.getEula.path,
    {
      config: {
        access: 'practice',
        audit: {
          action: 'client.profile_read',
          client: { query: 'patientId' },
          detail: () => ({ view: 'eula' }),
        },
      },
      schema: contract.getEula.schema,
    },
    // There is no end-user licence agreement store yet, so no client has accepted one.
    () => ({ eula: null }),
  );

  app.get(
    contract.profileDeletable.path,
    {
      config: {
        access: 'practice',
        audit: {
          action: 'client.profile_read',
          client: { query: 'patientId', need: 'hasRecordAdministration' },
          detail: () => ({ view: 'isPatientDeletable' }),
        },
      },
      schema: contract.profileDeletable.schema,
    },
    async (request) => loadDeletableCounts(app.db, gateOf(request).clientId),
  );

  app.get(
    contract.listLegacyLinks.path,
    {
      config: {
        access: 'practice',
        audit: {
          action: 'client.profile_read',
          client: { query: 'patientId' },
          detail: () => ({ view: 'legacyLinks' }),
        },
      },
      schema: contract.listLegacyLinks.schema,
    },
    // No legacy system exists in this product, so a client never has legacy links:
    // this empty list is the truth, not a placeholder. Nothing of the record is read.
    () => ({ data: [] }),
  );
};

import { formatUsDate, REQUIRED_MESSAGE } from '@openpractice/domain';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client.ts';
import { clientGroupMembers, clients } from '../../../db/schema/index.ts';
import { practiceScope } from '../../../platform/access.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { gateOf, noteAudit } from '../../../platform/route-audit.ts';
import * as contract from '@openpractice/contracts/clients/profile/groups';
import { ANY_DATE_BOUNDS, isoDateField, UNCHANGED } from '../../../platform/validation.ts';
import { loadGroupMemberships } from './profile-queries.ts';

/** Record status 3 is Deleted (reference data); deleted groups are not offered. */
const DELETED_RECORD_STATUS = 3;

/** The group, checked to be a group record of the caller's practice (else 404). */
async function loadGroup(db: Db, practiceId: number, groupId: number) {
  const [group] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(eq(clients.id, groupId), eq(clients.practiceId, practiceId), eq(clients.isGroup, true)),
    );
  if (!group) throw notFound('We could not find that group.');
  return group;
}

async function loadMembership(db: Db, groupId: number, clientId: number) {
  const [row] = await db
    .select({ joinedOn: clientGroupMembers.joinedOn, leftOn: clientGroupMembers.leftOn })
    .from(clientGroupMembers)
    .where(
      and(eq(clientGroupMembers.groupClientId, groupId), eq(clientGroupMembers.clientId, clientId)),
    );
  return row ?? null;
}

/**
 * Therapy groups (spec-2 §7 Groups). A group is a client record marked
 * isGroup; membership rows carry the day a client joined and left.
 * Reading: the practice's groups, and the groups one client belongs to.
 */
export const groupsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    contract.listAllGroups.path,
    // The practice's groups by name with member counts: no person's record is read.
    { config: { access: 'practiceStaff', audit: 'none' }, schema: contract.listAllGroups.schema },
    async (request) => ({
      data: await app.db
        .select({
          groupId: clients.id,
          name: sql<string>`${clients.firstName} || ' ' || ${clients.lastName}`,
          userNumber: clients.accountNumber,
          activeMembers: sql<number>`(select count(*)::int from ${clientGroupMembers} m where m.group_client_id = "clients"."id" and m.left_on is null)`,
        })
        .from(clients)
        .where(
          and(
            eq(clients.practiceId, practiceScope(request)),
            eq(clients.isGroup, true),
            ne(clients.recordStatusId, DELETED_RECORD_STATUS),
          ),
        )
        .orderBy(asc(clients.firstName), asc(clients.lastName)),
    }),
  );

  app.get(
    contract.listPatientGroups.path,
    {
      config: {
        access: 'practice',
        audit: {
          action: 'client.profile_read',
          client: { query: 'patientId' },
          detail: () => ({ view: 'groups' }),
        },
      },
      schema: contract.listPatientGroups.schema,
    },
    async (request) => ({ data: await loadGroupMemberships(app.db, gateOf(request).clientId) }),
  );
};

/**
 * Adding a client to a group and removing them. Both change the member's
 * record, so the member goes through the gate; the group only has to be a
 * group of the same practice.
 */
export const groupMembershipRoutes: FastifyPluginAsyncZod = async (app) => {
  const membershipChange = {
    access: 'practice',
    audit: {
      action: 'client.group_membership_changed',
      client: { body: 'patientId', need: 'hasDemographicAccess' },
      detail: (request: FastifyRequest) => ({
        groupId: (request.body as { groupId: number }).groupId,
      }),
    },
  } as const;

  app.post(
    contract.addToGroup.path,
    { config: membershipChange, schema: contract.addToGroup.schema },
    async (request) => {
      const { groupId } = request.body;
      const gate = gateOf(request);
      const day = isoDateField(request.body.referenceDate, 'referenceDate', ...ANY_DATE_BOUNDS);
      if (!day) throw badRequest(REQUIRED_MESSAGE, 'referenceDate');
      await loadGroup(app.db, gate.practiceId, groupId);
      if (groupId === gate.clientId)
        throw badRequest('A group cannot be a member of itself.', 'groupId');
      const [member] = await app.db
        .select({ isGroup: clients.isGroup })
        .from(clients)
        .where(eq(clients.id, gate.clientId));
      if (member?.isGroup)
        throw badRequest('A group cannot be added to another group.', 'patientId');
      const existing = await loadMembership(app.db, groupId, gate.clientId);
      if (existing && existing.leftOn === null) {
        noteAudit(request, { detail: { change: 'none', fields: [] } });
        return UNCHANGED;
      }
      if (existing) {
        // Rejoining: the membership starts again on the new day.
        await app.db
          .update(clientGroupMembers)
          .set({ joinedOn: day, leftOn: null })
          .where(
            and(
              eq(clientGroupMembers.groupClientId, groupId),
              eq(clientGroupMembers.clientId, gate.clientId),
            ),
          );
      } else {
        await app.db
          .insert(clientGroupMembers)
          .values({ groupClientId: groupId, clientId: gate.clientId, joinedOn: day });
      }
      noteAudit(request, { detail: { change: 'added', fields: ['joinedOn'] } });
      return { status: 'saved' as const, data: await loadGroupMemberships(app.db, gate.clientId) };
    },
  );

  app.post(
    contract.removeFromGroup.path,
    { config: membershipChange, schema: contract.removeFromGroup.schema },
    async (request) => {
      const { groupId } = request.body;
      const gate = gateOf(request);
      const day = isoDateField(request.body.referenceDate, 'referenceDate', ...ANY_DATE_BOUNDS);
      if (!day) throw badRequest(REQUIRED_MESSAGE, 'referenceDate');
      await loadGroup(app.db, gate.practiceId, groupId);
      const existing = await loadMembership(app.db, groupId, gate.clientId);
      if (!existing) throw badRequest('This client is not a member of that group.', 'groupId');
      if (existing.leftOn !== null) {
        noteAudit(request, { detail: { change: 'none', fields: [] } });
        return UNCHANGED;
      }
      if (day < existing.joinedOn) {
        throw badRequest(
          `The client joined this group on ${formatUsDate(existing.joinedOn)}; they cannot leave before that.`,
          'referenceDate',
        );
      }
      await app.db
        .update(clientGroupMembers)
        .set({ leftOn: day })
        .where(
          and(
            eq(clientGroupMembers.groupClientId, groupId),
            eq(clientGroupMembers.clientId, gate.clientId),
            isNull(clientGroupMembers.leftOn),
          ),
        );
      noteAudit(request, { detail: { change: 'removed', fields: ['leftOn'] } });
      return { status: 'saved' as const, data: await loadGroupMemberships(app.db, gate.clientId) };
    },
  );
};

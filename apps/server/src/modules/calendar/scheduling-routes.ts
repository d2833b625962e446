import * as contract from '@openpractice/contracts/calendar/scheduling';
import {
  fullName,
  isProductSuitedToClient,
  nextAppointmentWarnings,
  servicesOfferedBy,
  suggestProduct,
  TELEHEALTH_POS_CODES,
} from '@openpractice/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { practiceScope } from '../../platform/access.ts';
import type { ClientGate } from '../../platform/client-gate.ts';
import { gateOf } from '../../platform/route-audit.ts';
import { allowedTherapists, assertMayUse } from '../../platform/calendar-reach.ts';
import { instantSql } from '../../platform/sql.ts';
import { practiceTimezone } from '../../platform/practice-day.ts';
import {
  activeLocations,
  activeProducts,
  countConflicts,
  isoInstant,
  isTherapistForClient,
  lastAppointmentWith,
  nextAppointmentOf,
  offeredProductIds,
  schedulingClient,
  schedulingTherapist,
  type SchedulingTherapist,
} from './scheduling-queries.ts';

export const THERAPIST_NOT_IN_PRACTICE = 'Choose a therapist of this practice.';

/**
 * The therapist named by a lookup: of the caller's practice (else 400, so
 * ids of other practices reveal nothing), and for a therapist-only caller
 * their own (else 403).
 */
async function lookupTherapist(
  db: Db,
  request: FastifyRequest,
  therapistId: number,
): Promise<{ practiceId: number; therapist: SchedulingTherapist }> {
  const scope = allowedTherapists(request);
  assertMayUse(scope, [therapistId]);
  const therapist = await schedulingTherapist(db, scope.practiceId, therapistId);
  if (!therapist) throw badRequest(THERAPIST_NOT_IN_PRACTICE, 'therapistId');
  return { practiceId: scope.practiceId, therapist };
}

function hasTelehealth(therapist: SchedulingTherapist): boolean {
  return therapist.practiceTelehealth && therapist.telehealthEnabled;
}

/** A product option (spec-1 §3) as the scheduling dialog receives it. */
type ProductOption = z.output<typeof contract.productOption>;

/**
 * The answer of findProductsForSchedulingRequest: the practice's active
 * products suited to the client, one option each, with the suggested one
 * selected; whether the therapist treats the client; and the client's next
 * appointment with warnings about it.
 */
async function productsForRequest(
  db: Db,
  request: FastifyRequest,
  gate: ClientGate,
  query: z.output<typeof contract.findProductsForSchedulingRequest.schema.querystring>,
  now: Date,
) {
  const { practiceId, therapist } = await lookupTherapist(db, request, query.therapistId);
  const client = await schedulingClient(db, practiceId, gate.clientId);
  if (!client) throw badRequest('Choose a client of this practice.', 'clientId');
  const timezone = await practiceTimezone(db, practiceId);
  const start = instantSql(query.start, timezone);
  const [practiceProducts, offeredIds, last, linked, next, startIso] = await Promise.all([
    activeProducts(db, practiceId),
    offeredProductIds(db, therapist.id),
    lastAppointmentWith(db, {
      practiceId,
      therapistId: therapist.id,
      clientId: client.id,
      isGroup: client.isGroup,
      before: start,
    }),
    isTherapistForClient(db, therapist.id, client.id),
    nextAppointmentOf(db, { practiceId, clientId: client.id, isGroup: client.isGroup, after: now }),
    isoInstant(db, start),
  ]);
  // Only the services the therapist offers, once the practice has said which (servicesOfferedBy).
  const products = servicesOfferedBy(practiceProducts, offeredIds);
  const offered = products.filter((p) => isProductSuitedToClient(p, client));
  const suggestion = suggestProduct({
    offeredProductIds: offered.map((p) => p.id),
    lastAppointmentProductId: last?.productId ?? null,
    therapistDefaultProductId: therapist.defaultProductId,
    practiceDefaultProductIds: offered.filter((p) => p.isDefault).map((p) => p.id),
  });
  const options: ProductOption[] = offered.map((p) => {
    const option: ProductOption = {
      duration: p.durationMinutes,
      products: [
        {
          productId: p.id,
          cptCode: p.cptCode,
          description: p.description,
          durationMinutes: p.durationMinutes,
        },
      ],
      is_telehealth: p.isTelehealth,
      telehealth_pos: p.isTelehealth ? TELEHEALTH_POS_CODES[0] : null,
      find_type: null,
      selected: false,
    };
    if (suggestion?.productId !== p.id) return option;
    // The last appointment's way of meeting (length, telehealth, place of service) comes along.
    const fromLast = suggestion.findType === 'last_appointment' && last;
    return {
      ...option,
      ...(fromLast
        ? {
            duration: last.minutes > 0 ? last.minutes : p.durationMinutes,
            is_telehealth: last.isTelehealth,
            telehealth_pos: last.isTelehealth ? last.telehealthPos : null,
          }
        : {}),
      find_type: suggestion.findType,
      selected: true,
    };
  });
  return {
    products: options,
    isTherapistForClient: linked,
    client: { id: client.id, displayName: fullName(client), isGroup: client.isGroup },
    nextAppointment: next
      ? {
          calendar_event_id: next.calendar_event_id,
          start_date_time: next.start_date_time,
          end_date_time: next.end_date_time,
          therapistId: next.therapistId,
          warnings: nextAppointmentWarnings(
            {
              start: next.start_date_time,
              end: next.end_date_time,
              therapistId: next.therapistId,
              therapistName: `${next.therapistFirstName} ${next.therapistLastName}`,
            },
            { start: startIso, durationMinutes: query.duration, therapistId: therapist.id },
            timezone,
          ),
        }
      : null,
  };
}

/** The scheduling dialog's lookups: products for a request, conflicts, telehealth eligibility (spec-1 §7 Scheduling and details). */
export const schedulingRoutes: FastifyPluginAsyncZod = async (app) => {
  // The answer names the client and their next appointment: a read of that client.
  app.get(
    contract.findProductsForSchedulingRequest.path,
    {
      config: {
        access: 'scheduling',
        audit: {
          action: 'client.scheduling_lookup',
          client: { query: 'clientId', need: 'hasSchedulingAccess' },
          detail: (request) => ({
            therapistId: (request.query as { therapistId: number }).therapistId,
          }),
        },
      },
      schema: contract.findProductsForSchedulingRequest.schema,
    },
    async (request) => ({
      data: await productsForRequest(app.db, request, gateOf(request), request.query, app.now()),
    }),
  );

  app.get(
    contract.countConflicts.path,
    // A count of the therapist's bookings: no client is named.
    {
      config: { access: 'scheduling', audit: 'none' },
      schema: contract.countConflicts.schema,
    },
    async (request) => {
      const q = request.query;
      const { practiceId, therapist } = await lookupTherapist(app.db, request, q.therapistId);
      const timezone = await practiceTimezone(app.db, practiceId);
      const conflictCount = await countConflicts(app.db, {
        practiceId,
        therapistId: therapist.id,
        start: instantSql(q.start, timezone),
        minutes: q.duration,
        exceptEventId: q.exceptEventId,
      });
      return { data: { conflictCount } };
    },
  );

  app.get(
    contract.telehealthStatus.path,
    {
      config: { access: 'scheduling', audit: 'none' },
      schema: contract.telehealthStatus.schema,
    },
    async (request) => {
      const { therapist } = await lookupTherapist(app.db, request, request.query.therapistId);
      const eligible = hasTelehealth(therapist);
      return {
        data: { hasTelehealth: eligible, allowedPos: eligible ? [...TELEHEALTH_POS_CODES] : [] },
      };
    },
  );

  app.get(
    contract.listServiceLocations.path,
    { config: { access: 'calendar', audit: 'none' }, schema: contract.listServiceLocations.schema },
    async (request) => ({ data: await activeLocations(app.db, practiceScope(request)) }),
  );
};
